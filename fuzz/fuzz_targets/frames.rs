//! `gamequery_core::fuzzing::frames`: see that module for the input's layout.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gamequery_core::fuzzing::frames(data));
