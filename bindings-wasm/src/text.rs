//! The browser build reads multi-byte code pages with the host's `TextDecoder` (which
//! label, and what to do without one, is `gamequery_core::text::host`'s call): one decoder
//! per label, kept for the module's life (a list: a few labels, and no hash map code in
//! the download).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    type TextDecoder;

    #[wasm_bindgen(constructor, catch)]
    fn new(label: &str, options: &JsValue) -> Result<TextDecoder, JsValue>;

    #[wasm_bindgen(method)]
    fn decode(this: &TextDecoder, bytes: &[u8]) -> String;
}

fn host_decode(bytes: &[u8], label: &'static str) -> Option<String> {
    thread_local! {
        static DECODERS: RefCell<Vec<(&'static str, Option<TextDecoder>)>> = const { RefCell::new(Vec::new()) };
    }
    DECODERS.with_borrow_mut(|decoders| {
        let at = match decoders.iter().position(|(l, _)| *l == label) {
            Some(at) => at,
            None => {
                let options = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&options, &"ignoreBOM".into(), &JsValue::TRUE);
                decoders.push((label, TextDecoder::new(label, &options).ok()));
                decoders.len() - 1
            }
        };
        decoders[at].1.as_ref().map(|d| d.decode(bytes))
    })
}

pub fn install() {
    gamequery_core::text::install_host_decoder(host_decode);
}
