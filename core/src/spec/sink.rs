//! The form a decoded value leaves in: bindings use [`Tape`] (see [`crate::tape`]); tests
//! and benchmarks compare it with [`Json`]. Each form has its own table of decoders
//! ([`super::Decoders`], `crate::protocol`), so a build links only the forms it uses.

use serde::Serialize;

pub fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("core types always serialize")
}

pub trait Sink: Copy + Send + 'static {
    type Out: Send + 'static;
    /// `size_hint`: the input's length, to size buffers.
    fn emit<T: Serialize + ?Sized>(self, value: &T, size_hint: usize) -> Self::Out;
    /// A call's outcome in this form (the WebAssembly bindings take [`super::Outcome::to_tape`]).
    #[cfg(not(target_family = "wasm"))]
    fn emit_outcome(self, outcome: &super::Outcome, size_hint: usize) -> Self::Out {
        self.emit(outcome, size_hint)
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Sink for Json {
    type Out = String;
    fn emit<T: Serialize + ?Sized>(self, value: &T, _: usize) -> String {
        to_json(value)
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Tape;

impl Sink for Tape {
    type Out = crate::tape::Tape;
    fn emit<T: Serialize + ?Sized>(self, value: &T, size_hint: usize) -> crate::tape::Tape {
        crate::tape::to_tape(value, size_hint)
    }
    #[cfg(not(target_family = "wasm"))]
    fn emit_outcome(self, outcome: &super::Outcome, size_hint: usize) -> crate::tape::Tape {
        outcome.to_tape(size_hint)
    }
}
