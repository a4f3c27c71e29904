#pragma once
// Text keys (sale, block and order ids; passenger names) with a value each:
// the key's text once, in an arena. Open addressing in 4,096 small tables, each growing on its own,
// so a growth step moves a few hundred cells and never stalls a command (a
// std::unordered_map of millions of nodes rehashes them all at once, and each
// node with its std::string key cost about 90 bytes where an entry here costs
// 8 bytes, its record, its text and about 11 bytes of table).

#include <array>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "stable_vector.h"
#include "text_arena.h"

namespace houbu {

template <class V>
class TextTable {
  public:
    static constexpr std::uint32_t kAbsent = 0xffffffffu;
    struct Entry {
        const char* text;  // the key, after its length, in the arena
        V record;
        std::string_view key() const { return TextArena::prefixed(text); }
    };

    const V* find(std::string_view key) const {
        const std::uint32_t e = lookup(key);
        return e == kAbsent ? nullptr : &entries_[e].record;
    }
    V* find(std::string_view key) {
        const std::uint32_t e = lookup(key);
        return e == kAbsent ? nullptr : &entries_[e].record;
    }
    // The index of key's entry, added with a default value when absent.
    // Entries never move: an index or a reference stays valid.
    std::uint32_t entryOf(std::string_view key) {
        const std::uint32_t e = lookup(key);
        if (e != kAbsent) return e;
        return add(key, V{});
    }
    Entry& operator[](std::uint32_t index) { return entries_[index]; }
    const Entry& operator[](std::uint32_t index) const { return entries_[index]; }
    // Adds an id that is not in the table; returns its text as stored, which
    // lives as long as the table (records keep it as their id).
    std::string_view insert(std::string_view key, const V& record) {
        return entries_[add(key, record)].key();
    }
    // The same, giving the new entry's index.
    std::uint32_t add(std::string_view key, const V& record) {
        const std::uint64_t h = std::hash<std::string_view>{}(key);
        Shard& shard = shards_[shardOf(h)];
        if ((shard.used + 1) * 4 > shard.cells.size() * 3) grow(shard);
        const auto index = static_cast<std::uint32_t>(entries_.size());
        entries_.push_back(Entry{text_.addPrefixed(key), record});
        place(shard, static_cast<std::uint32_t>(h), index);
        ++shard.used;
        return index;
    }
    // The index of key's entry, or kAbsent.
    std::uint32_t indexOf(std::string_view key) const { return lookup(key); }
    std::size_t size() const { return entries_.size(); }
    // The bytes of its entries, their text and its slots.
    std::size_t bytes() const {
        std::size_t cells = 0;
        for (const Shard& shard : shards_)
            cells += shard.cells.capacity() * sizeof(std::uint64_t);
        return entries_.bytes() + text_.bytes() + cells + sizeof shards_;
    }
    // An undo record sees each entry before its record can change.
    void watch(ElementWatch<Entry>* w) { entries_.watch(w); }
    // Where the table stands: rollback() removes every entry added after it.
    struct Mark {
        std::size_t size = 0;
        TextArena::Mark text;
    };
    Mark mark() const { return {entries_.size(), text_.mark()}; }
    void rollback(const Mark& m) {
        const StableVector<Entry>& entries = entries_;
        for (std::size_t e = entries.size(); e-- > m.size;)
            remove(entries[e].key(), static_cast<std::uint32_t>(e));
        entries_.resize(m.size);
        text_.rewind(m.text);
    }

    // Calls f(const Entry&) for every id, in insertion order.
    template <class F>
    void forEach(F&& f) const {
        for (const Entry& e : entries_)
            f(e);
    }

  private:
    static constexpr std::size_t kShards = 4096;
    // A slot: 0 when empty, else the key's 32-bit hash above (entry index + 1).
    struct Shard {
        std::vector<std::uint64_t> cells;
        std::size_t used = 0;
    };

    static std::size_t shardOf(std::uint64_t h) { return (h >> 52) % kShards; }

    std::uint32_t lookup(std::string_view key) const {
        const std::uint64_t h = std::hash<std::string_view>{}(key);
        const Shard& shard = shards_[shardOf(h)];
        if (shard.cells.empty()) return kAbsent;
        const auto tag = static_cast<std::uint32_t>(h);
        const std::size_t mask = shard.cells.size() - 1;
        for (std::size_t i = tag & mask;; i = (i + 1) & mask) {
            const std::uint64_t slot = shard.cells[i];
            if (slot == 0) return kAbsent;
            if (static_cast<std::uint32_t>(slot >> 32) == tag) {
                const auto e = static_cast<std::uint32_t>(slot) - 1;
                if (entries_[e].key() == key) return e;
            }
        }
    }
    static void place(Shard& shard, std::uint32_t tag, std::uint32_t index) {
        const std::size_t mask = shard.cells.size() - 1;
        std::size_t i = tag & mask;
        while (shard.cells[i] != 0)
            i = (i + 1) & mask;
        shard.cells[i] = (static_cast<std::uint64_t>(tag) << 32) | (index + 1);
    }
    // Takes entry `index` out of its shard. The cells after it up to the next
    // empty one are placed again: one of them may have probed past it.
    void remove(std::string_view key, std::uint32_t index) {
        const std::uint64_t h = std::hash<std::string_view>{}(key);
        Shard& shard = shards_[shardOf(h)];
        const std::size_t mask = shard.cells.size() - 1;
        std::size_t i = static_cast<std::uint32_t>(h) & mask;
        while (static_cast<std::uint32_t>(shard.cells[i]) != index + 1)
            i = (i + 1) & mask;
        shard.cells[i] = 0;
        --shard.used;
        for (std::size_t j = (i + 1) & mask; shard.cells[j] != 0; j = (j + 1) & mask) {
            const std::uint64_t slot = shard.cells[j];
            shard.cells[j] = 0;
            place(shard, static_cast<std::uint32_t>(slot >> 32),
                  static_cast<std::uint32_t>(slot) - 1);
        }
    }
    static void grow(Shard& shard) {
        std::vector<std::uint64_t> old;
        old.swap(shard.cells);
        shard.cells.assign(old.empty() ? 8 : old.size() * 2, 0);
        for (std::uint64_t slot : old)
            if (slot != 0)
                place(shard, static_cast<std::uint32_t>(slot >> 32),
                      static_cast<std::uint32_t>(slot) - 1);
    }

    StableVector<Entry> entries_;
    TextArena text_;
    std::array<Shard, kShards> shards_;
};

}  // namespace houbu
