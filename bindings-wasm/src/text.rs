//! The browser build reads legacy code pages with the host's `TextDecoder` (see
//! `gamequery_core::text::host`): one decoder per encoding, kept for the module's life.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    type TextDecoder;

    #[wasm_bindgen(constructor, catch)]
    fn new(label: &str, options: &JsValue) -> Result<TextDecoder, JsValue>;

    #[wasm_bindgen(method)]
    fn decode(this: &TextDecoder, bytes: &[u8]) -> String;
}

fn host_decode(bytes: &[u8], name: &'static str) -> String {
    thread_local! {
        static DECODERS: RefCell<HashMap<&'static str, Option<TextDecoder>>> = RefCell::new(HashMap::new());
    }
    DECODERS.with_borrow_mut(|decoders| {
        let decoder = decoders.entry(name).or_insert_with(|| {
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"ignoreBOM".into(), &JsValue::TRUE);
            TextDecoder::new(name, &options).ok()
        });
        match decoder {
            Some(d) => d.decode(bytes),
            // WHATWG's "replacement" encoding has no TextDecoder: all of it is one U+FFFD.
            None => {
                if bytes.is_empty() {
                    String::new()
                } else {
                    "\u{FFFD}".into()
                }
            }
        }
    })
}

pub fn install() {
    gamequery_core::text::install_host_decoder(host_decode);
}
