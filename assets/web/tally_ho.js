// Tally-Ho's plugin for macroquad's loader (mq_js_bundle.js): the page's
// side of src/data/store.rs (saves and settings in the browser's storage,
// a save downloaded, a file uploaded) and of src/app/page.rs (the address, the frames drawn).
//
// A string goes from the module as a pointer and a length of UTF-8; one
// coming back is measured first (its length, or -1 for none), kept as
// `pending`, and copied by tally_store_take into memory the module gives.
"use strict";
(function () {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let pending = new Uint8Array(0);
  let upload = null; // { name, bytes, size } once a chosen file has been read
  // Another tab of this page was open first: the first tab holds the
  // page's lock (Web Locks) for as long as it is open, and a tab that does
  // not get it is told so on its menu (src/data/guard.rs). The saves
  // themselves are guarded in any case: a tab writes a save only over what
  // it last read there.
  let secondTab = false;
  if (navigator.locks && navigator.locks.request) {
    navigator.locks
      .request("tally-ho-storage", { ifAvailable: true }, function (lock) {
        if (lock === null) {
          secondTab = true;
          return undefined;
        }
        window.tallyFirstTab = true;
        return new Promise(function () {}); // held until the tab closes
      })
      .catch(function () {});
  }
  // The most bytes of an uploaded file kept: the module's limit, and one more
  // so that a larger file is refused by its size (src/data/source.rs).
  const MAX_UPLOAD = (1 << 24) + 1;

  function str(ptr, len) {
    return decoder.decode(new Uint8Array(wasm_memory.buffer, ptr, len));
  }
  function hold(bytes) {
    pending = bytes;
    return bytes.length;
  }
  function storage() {
    try {
      return window.localStorage;
    } catch (e) {
      return null; // storage turned off for this page
    }
  }

  function register(importObject) {
    const env = importObject.env;
    env.tally_store_get = function (kp, kl) {
      const s = storage();
      if (s === null) return -1;
      const v = s.getItem(str(kp, kl));
      return v === null ? -1 : hold(encoder.encode(v));
    };
    env.tally_store_take = function (ptr, len) {
      new Uint8Array(wasm_memory.buffer, ptr, len).set(pending.subarray(0, len));
      pending = new Uint8Array(0);
    };
    // setItem replaces the value whole or throws, leaving the old one:
    // 0 written, 1 the storage is full, 2 there is no storage.
    env.tally_store_set = function (kp, kl, vp, vl) {
      const s = storage();
      if (s === null) return 2;
      try {
        s.setItem(str(kp, kl), str(vp, vl));
        return 0;
      } catch (e) {
        // Counted, for the page's test: a write the browser refused.
        window.tallyStoreRefused = (window.tallyStoreRefused || 0) + 1;
        return e && e.name === "QuotaExceededError" ? 1 : 2;
      }
    };
    env.tally_store_remove = function (kp, kl) {
      const s = storage();
      if (s !== null) s.removeItem(str(kp, kl));
    };
    env.tally_now_ms = function () {
      return Date.now();
    };
    env.tally_download = function (np, nl, vp, vl) {
      const blob = new Blob([new Uint8Array(wasm_memory.buffer, vp, vl).slice()], {
        type: "text/plain",
      });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = str(np, nl);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 10000);
    };
    env.tally_upload_open = function () {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = ".ron,text/plain";
      input.onchange = async function () {
        const f = input.files && input.files[0];
        if (!f) return;
        const bytes = new Uint8Array(await f.slice(0, MAX_UPLOAD).arrayBuffer());
        upload = { name: encoder.encode(f.name), bytes: bytes, size: f.size };
      };
      input.click();
    };
    env.tally_upload_poll = function () {
      return upload === null ? -1 : upload.bytes.length;
    };
    env.tally_upload_name_len = function () {
      return upload === null ? -1 : hold(upload.name);
    };
    // The chosen file's own size (its bytes are kept only up to the limit).
    env.tally_upload_size = function () {
      return upload === null ? -1 : upload.size;
    };
    // 1 while this tab is the only one of the page (or the browser has not
    // answered yet, or has no locks), 0 once another tab holds the page's
    // lock.
    env.tally_first_tab = function () {
      return secondTab ? 0 : 1;
    };
    env.tally_upload_bytes = function () {
      if (upload === null) return -1;
      const n = hold(upload.bytes);
      upload = null;
      return n;
    };
    // A frame drawn: the count, and the time of the first since the page
    // began to load (milliseconds), for the page's test and its figures.
    env.tally_page_frame = function () {
      window.tallyFrames = (window.tallyFrames || 0) + 1;
      if (window.tallyFirstFrame === undefined) window.tallyFirstFrame = performance.now();
    };
    env.tally_page_query = function () {
      return hold(encoder.encode(window.location.search));
    };
  }

  // A change of pixels to the point (the window moved to another screen,
  // or the page zoomed) sizes the canvas again, as a change of size does:
  // the loader listens to the window's resize only.
  function watchScale() {
    window
      .matchMedia("(resolution: " + window.devicePixelRatio + "dppx)")
      .addEventListener("change", function () {
        window.dispatchEvent(new Event("resize"));
        watchScale();
      }, { once: true });
  }
  watchScale();

  miniquad_add_plugin({ register_plugin: register, name: "tally_ho", version: 1 });
})();
