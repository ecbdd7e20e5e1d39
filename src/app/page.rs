//! The web page around the game (wasm32 only): what its address asks for.
//! The page's side is `assets/web/tally_ho.js`.

extern "C" {
    fn tally_page_frame();
    fn tally_page_query() -> i32;
    fn tally_store_take(buf: *mut u8, len: u32);
}

/// The page address's query, `?` included ("" when it has none).
pub fn query() -> String {
    let n = unsafe { tally_page_query() }.max(0) as usize;
    let mut buf = vec![0u8; n];
    unsafe { tally_store_take(buf.as_mut_ptr(), n as u32) };
    String::from_utf8_lossy(&buf).into_owned()
}

/// A frame has been drawn: the page counts them, and keeps the time of the
/// first (how long the game took to show its menu, and what a test of the
/// page waits on).
pub fn frame() {
    unsafe { tally_page_frame() };
}
