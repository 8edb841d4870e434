//! `serve()`: a running responder as a JS object; RCON commands go to a JS handler.

use std::sync::Arc;

use gamequery_core::net::{RconHandler, ServeHandle};
use napi::bindgen_prelude::Promise;
use napi::threadsafe_function::ThreadsafeFunction;
use napi::Status;
use napi_derive::napi;

use crate::error::to_napi;

/// `(command) => Promise<string[]>` (the JS layer wraps plain arrays in a promise).
type Handler = ThreadsafeFunction<String, Promise<Vec<String>>, String, Status, false>;

#[napi]
pub struct Server {
    handle: Arc<ServeHandle>,
}

#[napi]
impl Server {
    #[napi(getter, catch_unwind)]
    pub fn address(&self) -> String {
        self.handle.local_addr().ip().to_string()
    }

    #[napi(getter, catch_unwind)]
    pub fn port(&self) -> u32 {
        self.handle.local_addr().port().into()
    }

    /// Where RCON listens, when served (Minecraft with `rcon`).
    #[napi(getter, js_name = "rconPort", catch_unwind)]
    pub fn rcon_port(&self) -> Option<u32> {
        self.handle.rcon_addr().map(|a| a.port().into())
    }

    #[napi(catch_unwind)]
    pub fn update(&self, state: String) -> napi::Result<()> {
        self.handle.update(&state).map_err(to_napi)
    }

    /// The requests its rate limit has dropped (JSON: `{ requests, source }`).
    #[napi(catch_unwind)]
    pub fn dropped(&self) -> String {
        self.handle.dropped()
    }

    #[napi]
    pub async fn close(&self) -> napi::Result<()> {
        self.handle.close().await;
        Ok(())
    }
}

#[napi]
pub async fn serve(protocol: String, state: String, options: String, handler: Option<Handler>) -> napi::Result<Server> {
    let handler: Option<RconHandler> = handler.map(|tsfn| {
        let tsfn = Arc::new(tsfn);
        let f: RconHandler = Arc::new(move |command: String| {
            let tsfn = tsfn.clone();
            Box::pin(async move {
                match tsfn.call_async_catch(command).await {
                    Ok(promise) => promise.await.map_err(|e| e.reason.clone()),
                    Err(e) => Err(e.reason.clone()),
                }
            })
        });
        f
    });
    let handle = gamequery_core::net::serve(&protocol, &state, &options, handler)
        .await
        .map_err(to_napi)?;
    Ok(Server {
        handle: Arc::new(handle),
    })
}
