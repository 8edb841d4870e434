//! The addon's allocator: mimalloc, with its default purge delay (freed memory goes back
//! to the system 10 ms later). Purging at once cost a Minecraft bulk run a `madvise` per
//! freed page, ~6% of its client CPU; the delay adds ~1 KiB to a SA:MP bulk run's peak
//! RSS per in-flight query (5000 in flight: 3.7–4.2 → 5.0–5.7 KiB; #7 allows 8).

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;
