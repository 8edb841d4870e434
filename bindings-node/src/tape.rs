//! Results cross as a tape (see `gamequery_core::tape`). Synchronous calls write the
//! numbers into a scratch `Float64Array` the JS glue owns and return only the text:
//! creating an ArrayBuffer through Node-API costs ~1.3 µs, more than decoding a small
//! reply. Otherwise (async results, or more numbers than the scratch holds) they cross as
//! `[text, values]`, the numbers copied into a V8-owned array (handing V8 the Vec as an
//! external buffer costs a finalizer per result, which measured slower still).
//! The text is ASCII, handed over as Latin-1, which V8 copies as is; the wide text as
//! Latin-1 too when it fits, else UTF-16: V8's UTF-8 path took 8 µs for a 9 KB status
//! holding a few `§`, encoding_rs converts it in a fraction.

use napi::bindgen_prelude::{Env, Float64Array, Float64ArraySlice, ToNapiValue};
use napi::{check_status, sys};

pub struct Tape(pub gamequery_core::tape::Tape);

/// A tape whose numbers went into the caller's scratch array when they fit.
#[cfg_attr(test, allow(dead_code))] // used by `raw`, registered outside test builds
pub enum ScratchTape {
    /// The text and the wide text. When the wide text is Latin-1 (or empty) both cross as
    /// one string, the wide text after the other, and the scratch's last slot says where
    /// it starts: a third string in an array cost a decode of a short SA:MP reply 0.2 µs.
    Written(String, String),
    Whole(Tape),
}

#[cfg_attr(test, allow(dead_code))]
impl ScratchTape {
    /// `scratch`: the JS glue's array, which it reads only after this synchronous call.
    pub fn new(tape: gamequery_core::tape::Tape, scratch: &mut [f64]) -> Self {
        let Some((wide_at, numbers)) = scratch.split_last_mut() else {
            return Self::Whole(Tape(tape));
        };
        match numbers.get_mut(..tape.values.len()) {
            Some(slots) => {
                slots.copy_from_slice(&tape.values);
                // The text is ASCII: its length in UTF-16 units is its length in bytes.
                *wide_at = tape.text.len() as f64;
                Self::Written(tape.text, tape.wide)
            }
            None => Self::Whole(Tape(tape)),
        }
    }
}

/// A batch of tapes for a scratch array the JS glue owns, written when the value crosses
/// (on the JS thread): `[text, count]` with the numbers in the scratch, or `[text,
/// numbers]` when they do not fit; the wide text third when there is one.
pub struct LaterScratchTape(pub gamequery_core::tape::Tape, pub Float64Array);

impl ToNapiValue for LaterScratchTape {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        let Self(tape, mut scratch) = val;
        // SAFETY: on the JS thread, where the glue reads `scratch` only after this
        // value resolves its promise.
        let out = unsafe { scratch.as_mut() };
        let Some(slots) = out.get_mut(..tape.values.len()) else {
            // SAFETY: the trait's contract: on the JS thread with a live env.
            return unsafe { ToNapiValue::to_napi_value(env, Tape(tape)) };
        };
        slots.copy_from_slice(&tape.values);
        // SAFETY: the trait's contract, as above.
        let count = unsafe { ToNapiValue::to_napi_value(env, tape.values.len() as f64)? };
        // SAFETY: as above; `count` is a value of this env.
        unsafe { texts_with(env, &tape.text, count, &tape.wide) }
    }
}

impl ToNapiValue for ScratchTape {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        // SAFETY: (every block here) the trait's contract — on the JS thread with a live
        // env — is what each Node-API call below needs; the text is the tape's, ASCII by its
        // making where `js_ascii` takes it.
        match val {
            // SAFETY: see above.
            Self::Written(text, wide) if wide.is_empty() => unsafe { js_ascii(env, &text) },
            // SAFETY: see above.
            Self::Written(text, wide) if encoding_rs::mem::is_str_latin1(&wide) => unsafe {
                js_latin1_pair(env, text.into_bytes(), &wide)
            },
            Self::Written(text, wide) => {
                let mut null = std::ptr::null_mut();
                // SAFETY: see above.
                check_status!(unsafe { sys::napi_get_null(env, &mut null) })?;
                // SAFETY: see above; `null` is a value of this env.
                unsafe { texts_with(env, &text, null, &wide) }
            }
            // SAFETY: see above.
            Self::Whole(tape) => unsafe { ToNapiValue::to_napi_value(env, tape) },
        }
    }
}

impl ToNapiValue for Tape {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        let Self(tape) = val;
        let values = Float64ArraySlice::copy_from(&Env::from_raw(env), &tape.values)?;
        // SAFETY: the trait's contract: on the JS thread with a live env.
        let values = unsafe { ToNapiValue::to_napi_value(env, values)? };
        // SAFETY: as above; `values` is a value of this env.
        unsafe { texts_with(env, &tape.text, values, &tape.wide) }
    }
}

/// `[text, numbers]`, or `[text, numbers, wide]` when `wide` is not empty.
///
/// # Safety
/// On the JS thread with a live `env`; `numbers` is a value of it; `text` is ASCII.
unsafe fn texts_with(
    env: sys::napi_env,
    text: &str,
    numbers: sys::napi_value,
    wide: &str,
) -> napi::Result<sys::napi_value> {
    // SAFETY: (every block here) the caller's promise; each value set is one this function
    // made of `env`, or `numbers`, which the caller gives of it.
    let text = unsafe { js_ascii(env, text)? };
    let mut out = std::ptr::null_mut();
    let len = if wide.is_empty() { 2 } else { 3 };
    // SAFETY: see above.
    check_status!(unsafe { sys::napi_create_array_with_length(env, len, &mut out) })?;
    // SAFETY: see above.
    check_status!(unsafe { sys::napi_set_element(env, out, 0, text) })?;
    // SAFETY: see above.
    check_status!(unsafe { sys::napi_set_element(env, out, 1, numbers) })?;
    if !wide.is_empty() {
        // SAFETY: see above.
        let wide = unsafe { js_string(env, wide)? };
        // SAFETY: see above.
        check_status!(unsafe { sys::napi_set_element(env, out, 2, wide) })?;
    }
    Ok(out)
}

/// A tape's text, ASCII by its making (every other string goes in the wide text): V8 takes
/// its bytes as they are, with no second look over them.
///
/// # Safety
/// On the JS thread with a live `env`.
unsafe fn js_ascii(env: sys::napi_env, text: &str) -> napi::Result<sys::napi_value> {
    debug_assert!(text.is_ascii());
    let mut out = std::ptr::null_mut();
    check_status!(
        // SAFETY: the caller's promise; V8 copies `text.len()` bytes from its pointer, which
        // are `text`'s (ASCII is Latin-1 as it is).
        unsafe { sys::napi_create_string_latin1(env, text.as_ptr().cast(), text.len() as isize, &mut out) },
        "create the result text"
    )?;
    Ok(out)
}

/// One Latin-1 string: `ascii` and then `latin1` (characters up to U+00FF only), the
/// latter converted by encoding_rs onto the end of the former's own buffer.
///
/// # Safety
/// On the JS thread with a live `env`.
unsafe fn js_latin1_pair(env: sys::napi_env, ascii: Vec<u8>, latin1: &str) -> napi::Result<sys::napi_value> {
    let mut bytes = ascii;
    let at = bytes.len();
    bytes.resize(at + latin1.len(), 0);
    let n = encoding_rs::mem::convert_utf8_to_latin1_lossy(latin1.as_bytes(), &mut bytes[at..]);
    let mut out = std::ptr::null_mut();
    let len = (at + n) as isize;
    check_status!(
        // SAFETY: the caller's promise; `at + n` bytes of `bytes` are written (n by encoding_rs,
        // at most its length), and V8 copies them before this returns.
        unsafe { sys::napi_create_string_latin1(env, bytes.as_ptr().cast(), len, &mut out) },
        "create the result text"
    )?;
    Ok(out)
}

/// A JS string of `text`, by the cheapest route V8 offers.
///
/// # Safety
/// On the JS thread with a live `env`.
unsafe fn js_string(env: sys::napi_env, text: &str) -> napi::Result<sys::napi_value> {
    use encoding_rs::mem;
    if text.is_ascii() {
        // SAFETY: the caller's promise.
        return unsafe { js_ascii(env, text) };
    }
    if mem::is_str_latin1(text) {
        // SAFETY: the caller's promise.
        return unsafe { js_latin1_pair(env, Vec::new(), text) };
    }
    let mut utf16 = vec![0u16; text.len() + 1];
    let n = mem::convert_str_to_utf16(text, &mut utf16);
    let mut out = std::ptr::null_mut();
    check_status!(
        // SAFETY: the caller's promise; `n` UTF-16 units of `utf16` are written (encoding_rs
        // needs at most len + 1 for UTF-8 input), and V8 copies them before this returns.
        unsafe { sys::napi_create_string_utf16(env, utf16.as_ptr(), n as isize, &mut out) },
        "create the result text"
    )?;
    Ok(out)
}
