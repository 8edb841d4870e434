//! SRV and address lookups through hickory-resolver: the system's name servers, or one
//! the caller names (`dnsServer`, for private resolvers and tests).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use hickory_resolver::config::{NameServerConfig, ResolverConfig};
use hickory_resolver::name_server::TokioConnectionProvider;
use hickory_resolver::proto::xfer::Protocol;
use hickory_resolver::{Resolver, TokioResolver};

use crate::call::SrvAnswer;
use crate::error::{Error, ErrorCode, Result};

pub struct Dns {
    resolver: TokioResolver,
    timeout: Duration,
}

impl Dns {
    /// `timeout_ms`: what is left of the call's budget.
    pub fn new(server: Option<SocketAddr>, timeout_ms: f64) -> Result<Self> {
        let mut builder = match server {
            Some(addr) => {
                let config = ResolverConfig::from_parts(None, vec![], vec![NameServerConfig::new(addr, Protocol::Udp)]);
                Resolver::builder_with_config(config, TokioConnectionProvider::default())
            }
            None => {
                Resolver::builder_tokio().map_err(|e| Error::new(ErrorCode::Dns, format!("system resolver: {e}")))?
            }
        };
        let timeout = Duration::from_secs_f64(timeout_ms / 1000.0);
        builder.options_mut().timeout = timeout;
        builder.options_mut().attempts = 1;
        Ok(Self {
            resolver: builder.build(),
            timeout,
        })
    }

    /// Every record of `name` (the call picks one); none when there is none.
    pub async fn srv(&self, name: &str) -> Vec<SrvAnswer> {
        // Search domains and retries multiply the resolver's own timeout: bound it all.
        let lookup = tokio::time::timeout(self.timeout, self.resolver.srv_lookup(format!("{name}."))).await;
        let Ok(Ok(lookup)) = lookup else { return vec![] };
        lookup
            .iter()
            .map(|r| SrvAnswer {
                target: r.target().to_utf8(),
                port: r.port(),
                priority: r.priority(),
                weight: r.weight(),
            })
            .collect()
    }

    /// Every address of `host` (the caller picks), or the resolver's message.
    pub async fn ips(&self, host: &str, family: u8) -> std::result::Result<Vec<IpAddr>, String> {
        let lookup = tokio::time::timeout(self.timeout, self.resolver.lookup_ip(format!("{host}.")))
            .await
            .map_err(|_| "the name server did not answer in time".to_string())?
            .map_err(|e| e.to_string())?;
        Ok(lookup
            .iter()
            .filter(|ip| family == 0 || (family == 4) == ip.is_ipv4())
            .collect())
    }
}
