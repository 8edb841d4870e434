//! `gamequery_core::fuzzing::query`: see that module for the input's layout.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gamequery_core::fuzzing::query(data));
