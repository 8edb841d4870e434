//! `r` reply: u16 count, then (u8 len + name, u8 len + value) pairs.

use serde::Serialize;

use super::reply_text::{ReplyText, Texts};
use crate::error::Result;
use crate::input::Obj;
use crate::text::encode;
use crate::values::RuleList;
use crate::wire::{Prefix, Reader, Writer};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampRules"))]
pub struct Rules {
    pub rules: RuleList,
    #[serde(flatten)]
    pub text: ReplyText,
}

impl Rules {
    /// Its members, out of an `r` reply's object.
    pub fn take(o: &mut Obj<'_>) -> Result<Self> {
        Ok(Self {
            rules: o.req("rules")?,
            text: ReplyText::take(o)?,
        })
    }

    /// The count is untrusted: pairs are read one by one, so memory follows the datagram.
    pub(crate) fn read<'a>(r: &mut Reader<'a>, t: &mut Texts<'a>) -> Result<Self> {
        let count = r.u16_le("rule count")?;
        let mut pairs = Vec::new();
        for _ in 0..count {
            let name = t.text(r.prefixed(Prefix::U8, 255, "rule name")?);
            let value = t.text(r.prefixed(Prefix::U8, 255, "rule value")?);
            pairs.push((name, value));
        }
        Ok(Self {
            rules: RuleList(pairs),
            text: ReplyText::default(),
        })
    }

    pub fn write(&self, w: &mut Writer) -> Result<()> {
        let enc = self.text.encoding()?;
        let pairs = &self.rules.0[..self.rules.0.len().min(usize::from(u16::MAX))];
        w.u16_le(pairs.len() as u16);
        for (name, value) in pairs {
            w.str_u8(&encode(name, enc), 255).str_u8(&encode(value, enc), 255);
        }
        Ok(())
    }
}
