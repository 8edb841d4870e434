//! Where a redirect leads (`Location`), and whether a query follows it: only to the host,
//! port and scheme the caller named, so that credentials (a Basic password, a token in
//! the query string) never reach a server the caller did not name.

/// `location` resolved against the path it answered (`base`): an absolute path as given,
/// a relative one joined to `base`'s directory, an absolute URL as it is.
pub fn resolve(base: &str, location: &str) -> String {
    let location = location.trim();
    if location.starts_with('/') || scheme(location).is_some() {
        return location.to_string();
    }
    let dir = base.split(['?', '#']).next().unwrap_or("/");
    let dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
    format!("{dir}/{location}")
}

/// What a message shows of a location: without its query string or fragment, which may
/// hold a token.
pub fn shown(location: &str) -> &str {
    location.split(['?', '#']).next().unwrap_or("")
}

/// `http://` or `https://` (any case): whether it is the latter.
fn scheme(location: &str) -> Option<bool> {
    let (scheme, rest) = location.split_once("://")?;
    let secure = match scheme.to_ascii_lowercase().as_str() {
        "http" => false,
        "https" => true,
        _ => return None,
    };
    (!rest.is_empty()).then_some(secure)
}

/// The path to ask next when `location` (resolved) stays on `host`:`port` over the same
/// scheme (`secure`: TLS); `None` when it leads anywhere else, names a user, or is no URL.
pub fn same_server(location: &str, host: &str, port: u16, secure: bool) -> Option<String> {
    if location.bytes().any(|b| b <= b' ' || b == 0x7f) {
        return None;
    }
    let path = match location.strip_prefix('/') {
        Some(rest) if !rest.starts_with('/') => location,
        Some(_) => return None,
        None => {
            let https = scheme(location)?;
            let rest = &location[location.find("://")? + 3..];
            let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            let (authority, path) = rest.split_at(end);
            if https != secure || authority.contains('@') || !authority_is(authority, host, port, https) {
                return None;
            }
            path
        }
    };
    let path = path.split('#').next().unwrap_or("");
    Some(match path.chars().next() {
        Some('/') => path.to_string(),
        _ => format!("/{path}"),
    })
}

/// `authority` (`name`, `name:port`, `[v6]:port`) names `host` at `port` (the scheme's
/// default when it gives none).
fn authority_is(authority: &str, host: &str, port: u16, https: bool) -> bool {
    let (name, given) = match authority.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((name, "")) => (name, None),
            Some((name, rest)) => match rest.strip_prefix(':') {
                Some(p) => (name, Some(p)),
                None => return false,
            },
            None => return false,
        },
        None => match authority.split_once(':') {
            Some((name, p)) => (name, Some(p)),
            None => (authority, None),
        },
    };
    let given = match given.map(str::parse::<u16>) {
        Some(Ok(p)) => p,
        Some(Err(_)) => return false,
        None if https => 443,
        None => 80,
    };
    given == port && name.eq_ignore_ascii_case(host.trim_start_matches('[').trim_end_matches(']'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_resolves_against_the_path_it_answered() {
        assert_eq!(resolve("/v1/api/info?x=1", "/moved"), "/moved");
        assert_eq!(resolve("/v1/api/info?x=1", "status"), "/v1/api/status");
        assert_eq!(resolve("/", "status?a=b"), "/status?a=b");
        assert_eq!(resolve("/x", " http://h/y "), "http://h/y");
        assert_eq!(shown("/a/b?token=secret#f"), "/a/b");
    }

    #[test]
    fn only_the_named_server_is_followed() {
        let same = |l: &str| same_server(l, "127.0.0.1", 8080, false);
        assert_eq!(same("/moved?x=1#top").as_deref(), Some("/moved?x=1"));
        assert_eq!(same("http://127.0.0.1:8080/s?x=1").as_deref(), Some("/s?x=1"));
        assert_eq!(same("HTTP://127.0.0.1:8080").as_deref(), Some("/"));
        assert_eq!(same("http://127.0.0.1:8080?q").as_deref(), Some("/?q"));
        for other in [
            "https://127.0.0.1:8080/s",
            "http://127.0.0.1:8081/s",
            "http://127.0.0.1/s",
            "http://localhost:8080/s",
            "http://user:pw@127.0.0.1:8080/s",
            "//127.0.0.1:8080/s",
            "ftp://127.0.0.1:8080/s",
            "http://127.0.0.1:80800/s",
            "/a b",
            "/a\r\nX-Evil: 1",
            "http://",
        ] {
            assert_eq!(same(other), None, "{other}");
        }
        assert_eq!(
            same_server("https://Game.Example:443/x", "game.example", 443, true).as_deref(),
            Some("/x")
        );
        assert_eq!(
            same_server("http://[::1]:8080/x", "::1", 8080, false).as_deref(),
            Some("/x")
        );
        assert_eq!(same_server("http://[::1]/x", "[::1]", 80, false).as_deref(), Some("/x"));
    }
}
