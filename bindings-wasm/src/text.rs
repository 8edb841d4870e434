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
    // WHATWG's GBK decoder is its gb18030 decoder; ICU hosts (Node) read their own "gbk"
    // table differently (A8BF is U+E7C8 there, ǹ in WHATWG) and refuse its four-byte forms.
    let label = if name == "GBK" { "gb18030" } else { name };
    thread_local! {
        static DECODERS: RefCell<HashMap<&'static str, Option<TextDecoder>>> = RefCell::new(HashMap::new());
    }
    DECODERS.with_borrow_mut(|decoders| {
        let decoder = decoders.entry(name).or_insert_with(|| {
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"ignoreBOM".into(), &JsValue::TRUE);
            TextDecoder::new(label, &options).ok()
        });
        match decoder {
            Some(d) => d.decode(bytes),
            // WHATWG's "replacement" encoding has no TextDecoder: all of it is one U+FFFD.
            None if name == "replacement" => match bytes.is_empty() {
                true => String::new(),
                false => "\u{FFFD}".into(),
            },
            // A host without this decoder: the ASCII survives.
            None => bytes
                .iter()
                .map(|&b| if b < 0x80 { char::from(b) } else { '\u{FFFD}' })
                .collect(),
        }
    })
}

pub fn install() {
    gamequery_core::text::install_host_decoder(host_decode);
}
