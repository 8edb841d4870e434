//! What the GameSpy queries share, below the protocols that speak them (a protocol may not
//! import another): GameSpy 3's challenge handshake, which Minecraft's Query is too
//! ([`challenge`]); its `splitnum` datagrams and their gathering ([`split`]); and the
//! player and team tables of GameSpy 2 and 3 as records ([`tables`]).

pub mod challenge;
pub mod split;
pub mod tables;

/// `s` and the NUL that ends it; `what` names it when it holds a NUL itself.
pub fn put_cstr(out: &mut Vec<u8>, s: &[u8], what: &str) -> crate::Result<()> {
    if s.contains(&0) {
        return Err(crate::Error::invalid(format!(
            "{what} holds a NUL, which ends a GameSpy string"
        )));
    }
    out.extend_from_slice(s);
    out.push(0);
    Ok(())
}
