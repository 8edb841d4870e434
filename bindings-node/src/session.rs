//! `rconSession()`: a logged-in RCON connection held by the core's tokio driver.

use std::sync::Arc;

use napi_derive::napi;

use crate::cancel;
use crate::error::to_napi;

#[napi]
pub struct RconSession {
    inner: Arc<gamequery_core::net::RconSession>,
}

#[napi]
impl RconSession {
    /// The command's output lines, after the commands before it.
    #[napi]
    pub async fn run(&self, command: String, cancel_id: Option<u32>) -> napi::Result<Vec<String>> {
        let token = cancel::register(cancel_id);
        let result = self.inner.run(&command, token).await;
        cancel::release(cancel_id);
        result.map_err(to_napi)
    }

    #[napi]
    pub async fn close(&self) -> napi::Result<()> {
        self.inner.close().await;
        Ok(())
    }
}

#[napi(js_name = "rconSession")]
pub async fn rcon_session(
    protocol: String,
    target: String,
    options: String,
    cancel_id: Option<u32>,
) -> napi::Result<RconSession> {
    let token = cancel::register(cancel_id);
    let result = gamequery_core::net::RconSession::open(&protocol, &target, &options, token).await;
    cancel::release(cancel_id);
    Ok(RconSession {
        inner: Arc::new(result.map_err(to_napi)?),
    })
}
