//! A reply as one flat object (`{ ip, port, opcode, …body, encoding? }`), written as one
//! struct. Derived, its address, tagged body and text report are three `flatten`s, which
//! serde writes as a map of unknown length with every key passed through a serializer of
//! its own: a sixth of a small reply's decode. The bodies keep their derived `Serialize`
//! for use on their own; a test holds the two to the same members.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::info::{Info, OpenMpInfo};
use super::players::PlayerList;
use super::reply_text::ReplyText;
use super::response::{RconLine, Response, ResponseBody};
use super::rules::Rules;

/// A value's members, written into a struct that holds others too.
trait Members {
    /// How many `members` writes (serde_json writes `{}` at once for none).
    fn len(&self) -> usize;
    fn members<S: SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error>;
}

impl Serialize for Response {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let vcmp = !self.dialect.is_samp();
        let mut s = serializer.serialize_struct("SampResponse", 3 + usize::from(vcmp) + body_len(&self.body))?;
        s.serialize_field("ip", &self.address.ip)?;
        s.serialize_field("port", &self.address.port)?;
        if vcmp {
            s.serialize_field("dialect", &self.dialect)?;
        }
        // The header's own letter (a one-letter string to JS): the opcode table lives once,
        // in `Opcode`.
        s.serialize_field("opcode", &char::from(self.body.opcode().byte()))?;
        match &self.body {
            ResponseBody::Info(info) => info.members(&mut s)?,
            ResponseBody::Rules(rules) => rules.members(&mut s)?,
            ResponseBody::Clients(list) | ResponseBody::Players(list) => list.members(&mut s)?,
            ResponseBody::OpenMp(extra) => extra.members(&mut s)?,
            ResponseBody::Ping { payload } => s.serialize_field("payload", payload)?,
            ResponseBody::RconLine(line) => line.members(&mut s)?,
        }
        s.end()
    }
}

/// The body's members, past `opcode`.
fn body_len(body: &ResponseBody) -> usize {
    match body {
        ResponseBody::Info(info) => info.len(),
        ResponseBody::Rules(rules) => rules.len(),
        ResponseBody::Clients(list) | ResponseBody::Players(list) => list.len(),
        ResponseBody::OpenMp(extra) => extra.len(),
        ResponseBody::Ping { .. } => 1,
        ResponseBody::RconLine(line) => line.len(),
    }
}

impl Members for ReplyText {
    fn len(&self) -> usize {
        usize::from(self.encoding.is_some()) + usize::from(!self.raw_strings.is_empty())
    }

    fn members<S: SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        if let Some(encoding) = &self.encoding {
            s.serialize_field("encoding", encoding)?;
        }
        if !self.raw_strings.is_empty() {
            s.serialize_field("rawStrings", &self.raw_strings)?;
        }
        Ok(())
    }
}

impl Members for Info {
    fn len(&self) -> usize {
        6 + usize::from(self.version.is_some()) + self.text.len()
    }

    fn members<S: SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        s.serialize_field("password", &self.password)?;
        s.serialize_field("players", &self.players)?;
        s.serialize_field("maxPlayers", &self.max_players)?;
        s.serialize_field("hostname", &self.hostname)?;
        s.serialize_field("gamemode", &self.gamemode)?;
        s.serialize_field("language", &self.language)?;
        if let Some(version) = &self.version {
            s.serialize_field("version", version)?;
        }
        self.text.members(s)
    }
}

impl Members for Rules {
    fn len(&self) -> usize {
        1 + self.text.len()
    }

    fn members<S: SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        s.serialize_field("rules", &self.rules)?;
        self.text.members(s)
    }
}

impl Members for PlayerList {
    fn len(&self) -> usize {
        1 + self.text.len()
    }

    fn members<S: SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        s.serialize_field("players", &self.players)?;
        self.text.members(s)
    }
}

impl Members for OpenMpInfo {
    fn len(&self) -> usize {
        3 + usize::from(self.logo.is_some()) + self.text.len()
    }

    fn members<S: SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        s.serialize_field("discord", &self.discord)?;
        s.serialize_field("lightBanner", &self.light_banner)?;
        s.serialize_field("darkBanner", &self.dark_banner)?;
        if let Some(logo) = &self.logo {
            s.serialize_field("logo", logo)?;
        }
        self.text.members(s)
    }
}

impl Members for RconLine {
    fn len(&self) -> usize {
        1 + self.text.len()
    }

    fn members<S: SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        s.serialize_field("line", &self.line)?;
        self.text.members(s)
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use serde_json::{json, Value};

    use super::super::header::{Address, Dialect};
    use super::super::players::Player;
    use super::*;
    use crate::values::{Hex, RuleList};

    /// What serde's derive with `flatten` wrote: the address's, the tag's and the
    /// body's members, in that order.
    fn derived(address: &Address, body: &ResponseBody) -> Value {
        let mut all = serde_json::to_value(address).unwrap();
        let tagged = serde_json::to_value(body).unwrap();
        let members = all.as_object_mut().unwrap();
        for (k, v) in tagged.as_object().unwrap() {
            members.insert(k.clone(), v.clone());
        }
        all
    }

    #[test]
    fn every_body_writes_the_members_its_derive_does_in_order() {
        let text = ReplyText {
            encoding: Some("windows-1251".into()),
            raw_strings: vec!["4b616e65".into()],
        };
        let players = PlayerList {
            players: vec![Player {
                id: Some(3),
                name: "Kane".into(),
                score: -5,
                ping: Some(40),
            }],
            text: text.clone(),
        };
        let bodies = [
            ResponseBody::Info(Info {
                password: true,
                players: 3,
                max_players: 50,
                hostname: "h".into(),
                gamemode: "g".into(),
                language: "l".into(),
                version: Some("04rel006".into()),
                text: text.clone(),
            }),
            ResponseBody::Info(Info::default()),
            ResponseBody::Rules(Rules {
                rules: RuleList(vec![("version".into(), "0.3.7".into()), ("a".into(), "b".into())]),
                text: ReplyText::default(),
            }),
            ResponseBody::Clients(players.clone()),
            ResponseBody::Players(players),
            ResponseBody::OpenMp(OpenMpInfo {
                discord: "d".into(),
                light_banner: "l".into(),
                dark_banner: "k".into(),
                logo: Some("o".into()),
                text: text.clone(),
            }),
            ResponseBody::OpenMp(OpenMpInfo::default()),
            ResponseBody::Ping {
                payload: Hex([1, 2, 3, 4]),
            },
            ResponseBody::RconLine(RconLine { line: "x".into(), text }),
        ];
        let address = Address {
            ip: Ipv4Addr::new(127, 0, 0, 1),
            port: 7777,
        };
        for body in bodies {
            let expected = derived(&address, &body);
            let len = 3 + body_len(&body);
            let response = Response {
                address,
                body,
                dialect: Dialect::Samp,
            };
            let written = serde_json::to_value(&response).unwrap();
            let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
            assert_eq!(written, expected);
            assert_eq!(keys(&written), keys(&expected), "member order");
            assert_eq!(keys(&written).len(), len, "the length given to the serializer");
            let text = serde_json::to_string(&response).unwrap();
            assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), expected, "{text}");
        }
        assert_eq!(
            serde_json::to_value(Response {
                address,
                body: ResponseBody::Ping { payload: Hex([0; 4]) },
                dialect: Dialect::Vcmp,
            })
            .unwrap(),
            json!({ "ip": "127.0.0.1", "port": 7777, "dialect": "vcmp", "opcode": "p", "payload": "00000000" })
        );
    }
}
