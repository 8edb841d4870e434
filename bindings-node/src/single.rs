//! Single queries on the core's shared engine (`gamequery_core::net::submit`), settled
//! without the async runtime: JS submits on its own thread, the engine's thread hands the
//! result to one threadsafe function per Node environment, and the glue settles the promise
//! it keeps under the call's id. An async export costs each query a wake of a runtime
//! worker, its park, and a threadsafe function made and released for its promise.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use gamequery_core::api;
use napi::bindgen_prelude::{Env, FnArgs, Function, ToNapiValue, Unknown};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi::{sys, Status};
use napi_derive::napi;

use crate::cancel;
use crate::error::{tagged, to_napi};
use crate::tape::Tape;

/// A query's end, as the glue's callback takes it: the result's tape, or the error as the
/// tagged message an async export rejects with.
pub enum Settled {
    Status(Tape),
    Failed(String),
}

impl ToNapiValue for Settled {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        match val {
            // SAFETY: napi-rs calls this on the JS thread with a live env (the trait's
            // contract), which is all the inner conversions need.
            Self::Status(tape) => unsafe { ToNapiValue::to_napi_value(env, tape) },
            // SAFETY: as above.
            Self::Failed(message) => unsafe { ToNapiValue::to_napi_value(env, message) },
        }
    }
}

type Args = FnArgs<(u32, Settled)>;
/// Weak: a query in flight keeps Node running through `hold`, not by the function's being.
type ResultsFn = ThreadsafeFunction<Args, Unknown<'static>, Args, Status, false, true>;

/// One Node environment's single queries.
#[napi]
pub struct SingleQueries {
    results: Arc<Mutex<ResultsFn>>,
}

#[napi]
impl SingleQueries {
    /// `settle(id, result)`: `result` is a tape, or a string (an error's message).
    #[napi(constructor, catch_unwind)]
    pub fn new(settle: Function<'_, Args, Unknown<'static>>) -> napi::Result<Self> {
        let results = settle
            .build_threadsafe_function::<Args>()
            .callee_handled::<false>()
            .weak::<true>()
            .build()?;
        Ok(Self {
            results: Arc::new(Mutex::new(results)),
        })
    }

    /// Starts the query on the shared engine when it can run there (`false`: it cannot;
    /// nothing started). `abortable`: `abort(id)` may stop it.
    #[napi(catch_unwind)]
    pub fn submit(
        &self,
        protocol: String,
        target: String,
        options: String,
        id: u32,
        abortable: bool,
    ) -> napi::Result<bool> {
        let results = self.results.clone();
        let ended = Arc::new(AtomicBool::new(false));
        let ended_too = ended.clone();
        let done = move |result: gamequery_core::Result<gamequery_core::tape::Tape>| {
            if abortable {
                cancel::forget(id, &ended_too);
            }
            let settled = match result {
                Ok(tape) => Settled::Status(Tape(tape)),
                Err(e) => Settled::Failed(tagged(e)),
            };
            let results = results.lock().unwrap_or_else(|e| e.into_inner());
            results.call(FnArgs::from((id, settled)), ThreadsafeFunctionCallMode::NonBlocking);
        };
        let ticket = gamequery_core::net::submit(&protocol, &target, &options, api::Tape, done).map_err(to_napi)?;
        match ticket {
            None => Ok(false),
            Some(ticket) => {
                if abortable {
                    cancel::hold(id, ticket, &ended);
                }
                Ok(true)
            }
        }
    }

    /// Whether Node keeps running for this environment's queries (some are in flight).
    #[napi(catch_unwind)]
    pub fn hold(&self, env: Env, on: bool) -> napi::Result<()> {
        let results = self.results.lock().unwrap_or_else(|e| e.into_inner());
        // Node-API's own ref/unref: napi-rs deprecates its wrappers for reference counting,
        // which is not what this is (whether the event loop waits for the function).
        // SAFETY: on the JS thread (a method call), with the env of this object and the raw
        // handle of the threadsafe function it owns, which lives as long as the object.
        let status = unsafe {
            if on {
                sys::napi_ref_threadsafe_function(env.raw(), results.raw())
            } else {
                sys::napi_unref_threadsafe_function(env.raw(), results.raw())
            }
        };
        napi::check_status!(status, "hold the single queries' results")
    }
}
