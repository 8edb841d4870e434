//! The synchronous decoders as plain Node-API callbacks. Through `#[napi]`, a call pays
//! napi-rs's per-call bookkeeping (argument borrow scopes, deferred release) on top of
//! Node-API's own; a small SA:MP reply decodes in less time than that. Same arguments,
//! results and errors as the `#[napi]` versions they replace.

use std::ptr::null_mut;

use napi::bindgen_prelude::{Env, Object, ToNapiValue};
use napi::{sys, JsError, JsValue};
use napi_derive::napi;

use crate::error::to_napi;
use crate::tape::ScratchTape;

#[napi(module_exports)]
pub fn register(exports: Object, env: Env) -> napi::Result<()> {
    let functions: [(&str, Callback); 2] = [("decodeResponse", decode_response), ("decodeRequest", decode_request)];
    for (name, callback) in functions {
        let mut f = null_mut();
        // SAFETY: plain Node-API calls on the module's env during its initialisation.
        unsafe {
            napi::check_status!(sys::napi_create_function(
                env.raw(),
                name.as_ptr().cast(),
                name.len() as isize,
                Some(callback),
                null_mut(),
                &mut f,
            ))?;
            napi::check_status!(sys::napi_set_named_property(
                env.raw(),
                exports.raw(),
                c_name(name).as_ptr(),
                f
            ))?;
        }
    }
    Ok(())
}

type Callback = unsafe extern "C" fn(sys::napi_env, sys::napi_callback_info) -> sys::napi_value;

fn c_name(name: &str) -> std::ffi::CString {
    std::ffi::CString::new(name).expect("export names hold no NUL")
}

/// Runs `body`, turning its error (or a panic) into a thrown JS error.
///
/// # Safety
/// On the JS thread, inside a Node-API callback of `env`.
unsafe fn guarded(env: sys::napi_env, body: impl FnOnce() -> napi::Result<sys::napi_value>) -> sys::napi_value {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or_else(|payload| {
        Err(to_napi(gamequery_core::internal::from_panic(
            "a decode",
            payload.as_ref(),
        )))
    });
    match result {
        Ok(value) => value,
        Err(e) => {
            // SAFETY: on the JS thread, inside a callback.
            unsafe { JsError::from(e).throw_into(env) };
            null_mut()
        }
    }
}

/// Up to `N` arguments (missing ones are `undefined`).
///
/// # Safety
/// `env` and `info` are the current callback's.
unsafe fn args<const N: usize>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> napi::Result<[sys::napi_value; N]> {
    let mut argv = [null_mut(); N];
    let mut argc = N;
    // SAFETY: the callback's env and info (the caller's promise); `argv` has room for `argc`
    // values, and Node-API writes at most `argc`.
    napi::check_status!(unsafe {
        sys::napi_get_cb_info(env, info, &mut argc, argv.as_mut_ptr(), null_mut(), null_mut())
    })?;
    Ok(argv)
}

/// # Safety
/// `value` is a live value of `env`, on the JS thread.
unsafe fn u32_arg(env: sys::napi_env, value: sys::napi_value) -> napi::Result<u32> {
    let mut out = 0;
    napi::check_status!(
        // SAFETY: the caller's promise; Node-API checks the value's type and writes `out` only.
        unsafe { sys::napi_get_value_uint32(env, value, &mut out) },
        "expected a number"
    )?;
    Ok(out)
}

/// A typed array's elements, borrowed for this synchronous call (JS cannot run, so cannot
/// detach or resize its buffer, before the call returns).
///
/// # Safety
/// `value` is a live value of `env`, on the JS thread; the slice is used only before the
/// callback returns, and `T` is the element type of `kind`.
unsafe fn typed_array<'a, T>(
    env: sys::napi_env,
    value: sys::napi_value,
    kind: sys::napi_typedarray_type,
) -> napi::Result<&'a mut [T]> {
    let (mut ty, mut length, mut data, mut buffer, mut offset) = (0, 0, null_mut(), null_mut(), 0);
    napi::check_status!(
        // SAFETY: the caller's promise; Node-API fails a value that is no typed array.
        unsafe { sys::napi_get_typedarray_info(env, value, &mut ty, &mut length, &mut data, &mut buffer, &mut offset) },
        "expected a typed array"
    )?;
    if ty != kind {
        return Err(napi::Error::from_reason("a typed array of another kind"));
    }
    Ok(if length == 0 {
        &mut []
    } else {
        // SAFETY: V8 gave its data pointer and element count.
        unsafe { std::slice::from_raw_parts_mut(data.cast(), length) }
    })
}

/// `undefined`/`null`, or a string.
///
/// # Safety
/// `value` is a live value of `env`, on the JS thread.
unsafe fn optional_string(env: sys::napi_env, value: sys::napi_value) -> napi::Result<Option<String>> {
    let mut ty = 0;
    // SAFETY: the caller's promise.
    napi::check_status!(unsafe { sys::napi_typeof(env, value, &mut ty) })?;
    if ty == sys::ValueType::napi_undefined || ty == sys::ValueType::napi_null {
        return Ok(None);
    }
    // SAFETY: a JS value of this env.
    unsafe { <String as napi::bindgen_prelude::FromNapiValue>::from_napi_value(env, value) }.map(Some)
}

/// `decodeResponse(protocolId, bytes, optionsJson | undefined, scratch)`.
///
/// # Safety
/// Called by Node-API only, as the callback of a function made in [`register`].
unsafe extern "C" fn decode_response(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    // SAFETY: Node-API calls this on the JS thread with its env and info; the arguments'
    // values live through the call, and the typed arrays' elements are read (bytes) and
    // written (scratch) before it returns, while no JS runs.
    unsafe {
        guarded(env, || {
            let [protocol, bytes, options, scratch] = args::<4>(env, info)?;
            let protocol = crate::protocol_name(u32_arg(env, protocol)?)?;
            let bytes: &[u8] = typed_array::<u8>(env, bytes, sys::TypedarrayType::uint8_array)?;
            let options = optional_string(env, options)?;
            let scratch = typed_array::<f64>(env, scratch, sys::TypedarrayType::float64_array)?;
            let tape =
                gamequery_core::api::decode_response(protocol, bytes, options.as_deref(), gamequery_core::api::Tape)
                    .map_err(to_napi)?;
            ToNapiValue::to_napi_value(env, ScratchTape::new(tape, scratch))
        })
    }
}

/// `decodeRequest(protocolId, bytes, scratch)`.
///
/// # Safety
/// Called by Node-API only, as the callback of a function made in [`register`].
unsafe extern "C" fn decode_request(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    // SAFETY: as in `decode_response`.
    unsafe {
        guarded(env, || {
            let [protocol, bytes, scratch] = args::<3>(env, info)?;
            let protocol = crate::protocol_name(u32_arg(env, protocol)?)?;
            let bytes: &[u8] = typed_array::<u8>(env, bytes, sys::TypedarrayType::uint8_array)?;
            let scratch = typed_array::<f64>(env, scratch, sys::TypedarrayType::float64_array)?;
            let tape =
                gamequery_core::api::decode_request(protocol, bytes, gamequery_core::api::Tape).map_err(to_napi)?;
            ToNapiValue::to_napi_value(env, ScratchTape::new(tape, scratch))
        })
    }
}
