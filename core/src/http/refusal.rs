//! A reply that is not 2xx: the typed error it ends the exchange with, and whether it asks
//! to be asked again — after its `Retry-After` (429, 503), or at its `Location` (a
//! redirect), which the call does only within its deadline and on the server named.

use super::location;
use crate::error::{Error, ErrorCode};
use crate::exchange::{Again, Millis};

/// A `Retry-After` past a day is no wait a query takes: read as a day.
const MAX_RETRY_AFTER: u32 = 86_400;

/// `what` (`GET /info.json`, its query string left out) answered `status` (`reason`:
/// ` Not Found`, or empty) with `headers`, at `now`.
pub fn refusal(
    what: &str,
    status: u16,
    reason: &str,
    headers: &[httparse::Header<'_>],
    now: Millis,
) -> (Error, Option<Again>) {
    let header = |name: &str| {
        headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).trim().to_string())
    };
    let wait = match status {
        429 | 503 => header("retry-after").and_then(|v| seconds(&v)),
        _ => None,
    };
    let (method, path) = what.split_once(' ').unwrap_or(("GET", "/"));
    // A POST becomes a GET on a 301, 302 or 303: only 307 and 308 repeat it as it was.
    let location = match status {
        301..=303 if method == "GET" => header("location"),
        307 | 308 => header("location"),
        _ => None,
    };
    let location = location.filter(|l| !l.is_empty()).map(|l| location::resolve(path, &l));
    let code = match status {
        429 => ErrorCode::RateLimited,
        // The protocol says which option holds them.
        401 => ErrorCode::Auth,
        403 => ErrorCode::Forbidden,
        _ => ErrorCode::HttpStatus,
    };
    let why = match (status, wait) {
        (429, None) => ": it was asked too often, ask again later".to_string(),
        (429, Some(n)) => format!(": it was asked too often; it asks to wait {n} s"),
        (403, _) => ": it refuses this client".to_string(),
        (_, Some(n)) => format!(": it asks to wait {n} s"),
        _ => String::new(),
    };
    let to = location
        .as_deref()
        .map_or(String::new(), |l| format!(", to {}", location::shown(l)));
    let error = Error::new(code, format!("{what} answered HTTP {status}{reason}{why}{to}")).with_http(status, wait);
    let again = match (wait, location) {
        (Some(n), _) => Some(Again::After(now + f64::from(n) * 1000.0)),
        (None, Some(l)) => Some(Again::At(l)),
        _ => None,
    };
    (error, again)
}

/// `Retry-After` in seconds; its other form, a date, needs a clock the core does not read.
fn seconds(value: &str) -> Option<u32> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(value.parse::<u32>().map_or(MAX_RETRY_AFTER, |n| n.min(MAX_RETRY_AFTER)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(status: u16, headers: &[(&str, &str)]) -> (Error, Option<Again>) {
        let headers: Vec<_> = headers
            .iter()
            .map(|(name, value)| httparse::Header {
                name,
                value: value.as_bytes(),
            })
            .collect();
        refusal("GET /v1/api/info", status, " Reason", &headers, 100.0)
    }

    #[test]
    fn each_status_its_code_and_its_ask() {
        let (e, again) = refused(404, &[]);
        assert_eq!(
            (e.code, e.http_status, e.retry_after, again),
            (ErrorCode::HttpStatus, Some(404), None, None)
        );
        assert_eq!(e.message, "GET /v1/api/info answered HTTP 404 Reason");
        let (e, again) = refused(429, &[("Retry-After", " 2 ")]);
        assert_eq!(
            (e.code, e.retry_after, again),
            (ErrorCode::RateLimited, Some(2), Some(Again::After(2100.0)))
        );
        assert_eq!(
            e.message,
            "GET /v1/api/info answered HTTP 429 Reason: it was asked too often; it asks to wait 2 s"
        );
        let (e, again) = refused(503, &[("retry-after", "99999999999")]);
        assert_eq!((e.code, e.retry_after), (ErrorCode::HttpStatus, Some(MAX_RETRY_AFTER)));
        assert_eq!(again, Some(Again::After(100.0 + 86_400_000.0)));
        for odd in ["Wed, 21 Oct 2015 07:28:00 GMT", "-1", "1.5", ""] {
            assert_eq!(refused(503, &[("Retry-After", odd)]).1, None, "{odd}");
        }
        // Only 429 and 503 are waited on.
        assert_eq!(refused(500, &[("Retry-After", "1")]).1, None);
        assert_eq!(refused(401, &[]).0.code, ErrorCode::Auth);
        assert_eq!(refused(403, &[]).0.code, ErrorCode::Forbidden);
    }

    #[test]
    fn a_redirect_asks_at_its_location_resolved() {
        let (e, again) = refused(302, &[("Location", "status?token=secret")]);
        assert_eq!(again, Some(Again::At("/v1/api/status?token=secret".into())));
        assert_eq!(
            e.message,
            "GET /v1/api/info answered HTTP 302 Reason, to /v1/api/status"
        );
        assert_eq!(refused(304, &[("Location", "/x")]).1, None);
        assert_eq!(refused(301, &[]).1, None);
        let post = |status| {
            refusal(
                "POST /api/v1",
                status,
                "",
                &[httparse::Header {
                    name: "Location",
                    value: b"/x",
                }],
                0.0,
            )
            .1
        };
        assert_eq!(post(302), None, "a POST is not turned into a GET");
        assert_eq!(post(307), Some(Again::At("/x".into())));
    }
}
