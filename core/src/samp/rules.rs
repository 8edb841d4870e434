//! `r` reply: u16 count, then (u8 len + name, u8 len + value) pairs.

use serde::{Deserialize, Serialize};

use super::reply_text::{ReplyText, StringsIn};
use super::text::RuleList;
use crate::error::Result;
use crate::text::{encode, TextEncoding};
use crate::wire::{Prefix, Reader, Writer};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SampRules"))]
pub struct Rules {
    pub rules: RuleList,
    #[serde(flatten)]
    pub text: ReplyText,
}

impl Rules {
    pub fn read(r: &mut Reader<'_>, enc: TextEncoding) -> Result<Self> {
        let count = r.u16_le("rule count")?;
        let mut strings = StringsIn::default();
        for _ in 0..count {
            strings.push(r.prefixed(Prefix::U8, 255, "rule name")?);
            strings.push(r.prefixed(Prefix::U8, 255, "rule value")?);
        }
        let (text, texts) = strings.decode_vec(enc);
        let mut texts = texts.into_iter();
        let mut pairs = Vec::with_capacity(usize::from(count));
        while let (Some(name), Some(value)) = (texts.next(), texts.next()) {
            pairs.push((name, value));
        }
        Ok(Self {
            rules: RuleList(pairs),
            text,
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
