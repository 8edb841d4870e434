//! `host:port` targets as users type them: `example.com`, `example.com:7777`,
//! `1.2.3.4:7777`, `[::1]:7777`, a bare `::1`.

use crate::error::{Error, Result};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub host: String,
    pub port: Option<u16>,
}

impl Target {
    pub fn parse(text: &str) -> Result<Self> {
        let text = text.trim();
        let bad = |why: &str| Error::invalid(format!("invalid target {}: {why}", crate::error::quoted(text)));
        if text.is_empty() {
            return Err(bad("empty"));
        }
        let (host, port) = if let Some(rest) = text.strip_prefix('[') {
            let (host, after) = rest.split_once(']').ok_or_else(|| bad("missing ']'"))?;
            match after {
                "" => (host, None),
                p => (
                    host,
                    Some(p.strip_prefix(':').ok_or_else(|| bad("expected ':' after ']'"))?),
                ),
            }
        } else if text.matches(':').count() > 1 {
            if text.parse::<std::net::Ipv6Addr>().is_err() {
                return Err(bad(
                    "more than one ':' (write an IPv6 address with its port as [::1]:7777)",
                ));
            }
            (text, None) // a bare IPv6 address
        } else {
            match text.split_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (text, None),
            }
        };
        if host.is_empty() {
            return Err(bad("empty host"));
        }
        let port = port
            .map(|p| {
                p.parse::<u16>()
                    .ok()
                    .filter(|&p| p != 0)
                    .ok_or_else(|| bad("port must be 1–65535"))
            })
            .transpose()?;
        Ok(Self {
            host: host.to_string(),
            port,
        })
    }

    /// `host:port` with IPv6 hosts bracketed.
    pub fn display(host: &str, port: u16) -> String {
        if host.contains(':') {
            format!("[{host}]:{port}")
        } else {
            format!("{host}:{port}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let t = |s| Target::parse(s).map(|t| (t.host, t.port));
        assert_eq!(t("example.com").unwrap(), ("example.com".into(), None));
        assert_eq!(t("1.2.3.4:7777").unwrap(), ("1.2.3.4".into(), Some(7777)));
        assert_eq!(t("[::1]:7777").unwrap(), ("::1".into(), Some(7777)));
        assert_eq!(t("[::1]").unwrap(), ("::1".into(), None));
        assert_eq!(t("::1").unwrap(), ("::1".into(), None));
        assert!(t("host:0").is_err());
        assert!(t("host:99999").is_err());
        assert!(t(":7777").is_err());
        assert!(t("[::1]x").is_err());
        assert!(t("127.0.0.1:7777:1").unwrap_err().message.contains("more than one ':'"));
    }
}
