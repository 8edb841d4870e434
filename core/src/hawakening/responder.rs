//! `serve('hawakening', state)`: the backend's API as a query (ours, gamedig's) meets it,
//! from a state (the listings, as `gameServerListings` gives them, or a query's `raw`),
//! under `/api` or at the root: a grant for any account and password, the account's record, the listings for that
//! grant, a matchmaking advertisement for a listed server that is not full (its address
//! the listing's `Endpoint` and `Port` where set, else 127.0.0.1:7777), the events and the
//! logout acknowledged. Every answer in the backend's envelope, with its messages.

use serde_json::{json, Value};

use crate::http::api::Api;
use crate::http::serve::{reply, Head};
use crate::http::vendor::{as_list, VendorState};

/// The grant this responder issues, and wants after.
pub const ISSUED: &str = "gamequery-hawakening-grant";
/// The signed-in player's `Guid`.
pub const PLAYER: &str = "9c5d3a4f-0e6b-4f7a-b1c2-d3e4f5a6b7c8";
/// A matchmaking token: this, then the listing's index.
const AD: &str = "gamequery-ad-";

#[derive(Debug)]
pub struct HawakeningServer {
    listings: Vec<Value>,
}

/// The backend's envelope, as HTTP `status`.
fn envelope(status: u16, message: &str, result: Value) -> Vec<u8> {
    let body = json!({ "Status": status, "Message": message, "Result": result });
    reply(status, "application/json", body.to_string().as_bytes())
}

impl HawakeningServer {
    /// The listing a matchmaking request (its body) names, and its index.
    fn requested(&self, body: &[u8]) -> Option<(usize, &Value)> {
        let asked = serde_json::from_slice::<Value>(body).ok()?;
        let guid = asked["RequestedServerGuid"].as_str()?;
        self.listings
            .iter()
            .enumerate()
            .find(|(_, l)| l["Guid"].as_str() == Some(guid))
    }

    fn advertisement(&self, token: &str) -> Option<Value> {
        let k = token.strip_prefix(AD)?.parse::<usize>().ok()?;
        let l = self.listings.get(k)?;
        Some(json!({
            "Guid": token,
            "OwnerGuid": PLAYER,
            "RequestedServerGuid": l["Guid"],
            "AssignedServerGuid": l["Guid"],
            "AssignedServerIp": l["Endpoint"].as_str().unwrap_or("127.0.0.1"),
            "AssignedServerPort": l["Port"].as_u64().unwrap_or(7777),
            "ReadyToDeliver": true,
        }))
    }
}

impl Api for HawakeningServer {
    const STATE: &'static str = "Hawakening state";
    type State = VendorState;
    /// A login's or a matchmaking request's body.
    const BODY: usize = 64 << 10;

    /// A query's `raw` (`{ listing, info, warnings }`, as a saved `--json` output has it)
    /// serves its listing.
    fn new(state: VendorState) -> Self {
        let listing = |l: Value| match l.get("listing") {
            Some(inner @ Value::Object(_)) => inner.clone(),
            _ => l,
        };
        Self {
            listings: as_list(&state.0).into_iter().map(listing).collect(),
        }
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        self.answer_with(head, b"")
    }

    fn answer_with(&self, head: &Head, body: &[u8]) -> Vec<u8> {
        let path = head.path.strip_prefix("/api").unwrap_or(&head.path);
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let granted = head.header("authorization") == Some(&format!("Basic {ISSUED}"));
        match (head.method.as_str(), segments.as_slice()) {
            ("POST", ["users", _, "accessGrant"]) => {
                let password = serde_json::from_slice::<Value>(body).ok();
                match password.as_ref().and_then(|p| p["Password"].as_str()) {
                    Some(p) if !p.is_empty() => envelope(200, "User Logged In", json!(ISSUED)),
                    _ => envelope(
                        400,
                        "Access Grant Not Issued: Unrecognized options for login request",
                        Value::Null,
                    ),
                }
            }
            ("GET", ["status", "services"]) => envelope(200, "Status found", json!({ "Meteor": "Up" })),
            _ if !granted => envelope(401, "Unauthorized", Value::Null),
            ("GET", ["bundles"]) => envelope(200, "Bundles Filter successful", json!([])),
            ("GET", ["users", account]) => {
                let record = json!({ "Guid": PLAYER, "EmailAddress": account, "CallSign": "gamequery" });
                envelope(200, "Userfound", record)
            }
            ("GET", ["gameServerListings"]) => envelope(200, "Listings found", json!(self.listings)),
            ("POST", ["hawkenClientMatchmakingAdvertisements"]) => match self.requested(body) {
                Some((_, l))
                    if l["Users"].as_array().map_or(0, Vec::len) as u64 >= l["MaxUsers"].as_u64().unwrap_or(0) =>
                {
                    envelope(500, "The server is full", Value::Null)
                }
                Some((k, _)) => envelope(200, "Succesfully created the advertisement", json!(format!("{AD}{k}"))),
                None => envelope(404, "Server not found", Value::Null),
            },
            ("GET", ["hawkenClientMatchmakingAdvertisements", token]) => match self.advertisement(token) {
                Some(ad) => envelope(200, "Successfully loaded ClientMatchmakingAdvertisement.", ad),
                None => envelope(404, "ClientMatchmakingAdvertisement not found", Value::Null),
            },
            ("POST", ["gameClientEvent"]) => envelope(200, "Event emission successful", Value::Null),
            ("PUT", ["users", _, "accessGrant"]) => envelope(200, "AccessGrant Revoked", Value::Null),
            _ => envelope(404, "Not found", Value::Null),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(method: &str, path: &str, auth: &str) -> Head {
        match crate::http::serve::read_request(
            format!("{method} {path} HTTP/1.1\r\nAuthorization: {auth}\r\n\r\n").as_bytes(),
        ) {
            crate::http::serve::Read::Head(h) => h,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_grant_then_the_listings_and_an_advertisement() {
        let state = serde_json::from_str::<Value>(include_str!("sample.json")).unwrap();
        let server = HawakeningServer::new(VendorState(state));
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        let login = server.answer_with(
            &head("POST", "/api/users/a%40b.c/accessGrant", ""),
            br#"{"Password":"p"}"#,
        );
        assert!(text(login).contains(ISSUED));
        let none = server.answer_with(&head("POST", "/users/a/accessGrant", ""), b"{}");
        assert!(text(none).starts_with("HTTP/1.1 400"));
        let grant = format!("Basic {ISSUED}");
        assert!(text(server.answer(&head("GET", "/api/gameServerListings", "Basic x"))).starts_with("HTTP/1.1 401"));
        assert!(text(server.answer(&head("GET", "/api/gameServerListings", &grant))).contains("VS-Alleys"));
        let ad = |guid: &str| {
            let body = format!(r#"{{"RequestedServerGuid":"{guid}"}}"#);
            text(server.answer_with(
                &head("POST", "/api/hawkenClientMatchmakingAdvertisements", &grant),
                body.as_bytes(),
            ))
        };
        assert!(ad("6a3f1e2d-7c4b-4d5e-8f90-a1b2c3d4e5f6").contains(r#""Result":"gamequery-ad-0""#));
        assert!(ad("8b4c2f3e-9d5a-4e6f-a0b1-c2d3e4f5a6b7").starts_with("HTTP/1.1 500"));
        let info = text(server.answer(&head(
            "GET",
            "/api/hawkenClientMatchmakingAdvertisements/gamequery-ad-0",
            &grant,
        )));
        assert!(
            info.contains(r#""AssignedServerIp":"127.0.0.1","AssignedServerPort":7777"#),
            "{info}"
        );
        // A query's raw serves its listing.
        let saved = json!({ "listing": { "Guid": "g", "MaxUsers": 4, "Users": [] }, "info": null, "warnings": [] });
        let again = HawakeningServer::new(VendorState(saved));
        let listed = text(again.answer(&head("GET", "/gameServerListings", &grant)));
        assert!(listed.contains(r#""Result":[{"Guid":"g""#), "{listed}");
    }
}
