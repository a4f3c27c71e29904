#pragma once
// Free-seat counts are popcounts in loops. The x86-64 baseline Debian builds
// for has no POPCNT instruction, so std::popcount is a call into libgcc;
// these functions are compiled twice and the loader picks the POPCNT one
// where the CPU has it (GCC's target_clones, an ifunc).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__)
#define HOUBU_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define HOUBU_POPCNT_CLONES
#endif
