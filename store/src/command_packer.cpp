#include "command_packer.h"

#define ZSTD_STATIC_LINKING_ONLY  // magicless frames: 4 bytes less a row
#include <zdict.h>
#include <zstd.h>

#include <thread>
#include <vector>

namespace houbu {

namespace {

constexpr int kLevel = 3;
constexpr std::size_t kDictionaryBytes = 64 * 1024;
constexpr std::size_t kSamples = 20000;   // the commands a dictionary learns from
constexpr qint64 kFirstTraining = 20000;  // then every 8 times as many rows
constexpr qint64 kTrainingGrowth = 8;
constexpr qsizetype kMaxPacked = 1 << 20;  // longer lines are rare: kept as received

QByteArray train(std::vector<QByteArray> samples) {
    QByteArray joined;
    std::vector<size_t> sizes;
    sizes.reserve(samples.size());
    for (const QByteArray& s : samples) {
        joined += s;
        sizes.push_back(static_cast<size_t>(s.size()));
    }
    QByteArray dictionary(static_cast<qsizetype>(kDictionaryBytes), '\0');
    const size_t n = ZDICT_trainFromBuffer(dictionary.data(), kDictionaryBytes, joined.constData(),
                                           sizes.data(), static_cast<unsigned>(sizes.size()));
    if (ZDICT_isError(n)) return {};  // too few or too uniform samples: no dictionary this time
    dictionary.truncate(static_cast<qsizetype>(n));
    return dictionary;
}

}  // namespace

struct CommandPacker::Dictionary {
    QByteArray bytes;
    ZSTD_CDict* compress = nullptr;
    ZSTD_DDict* decompress = nullptr;
    ~Dictionary() {
        ZSTD_freeCDict(compress);
        ZSTD_freeDDict(decompress);
    }
};

CommandPacker::CommandPacker() : cctx_(ZSTD_createCCtx()), dctx_(ZSTD_createDCtx()) {
    ZSTD_CCtx_setParameter(cctx_, ZSTD_c_format, ZSTD_f_zstd1_magicless);
    ZSTD_CCtx_setParameter(cctx_, ZSTD_c_dictIDFlag, 0);
    ZSTD_CCtx_setParameter(cctx_, ZSTD_c_checksumFlag, 0);
    ZSTD_CCtx_setParameter(cctx_, ZSTD_c_contentSizeFlag, 1);
    ZSTD_DCtx_setParameter(dctx_, ZSTD_d_format, ZSTD_f_zstd1_magicless);
}

CommandPacker::~CommandPacker() {
    if (training_.valid()) training_.wait();
    ZSTD_freeCCtx(cctx_);
    ZSTD_freeDCtx(dctx_);
}

void CommandPacker::addDictionary(int id, const QByteArray& bytes) {
    auto d = std::make_unique<Dictionary>();
    d->bytes = bytes;
    d->compress = ZSTD_createCDict(bytes.constData(), static_cast<size_t>(bytes.size()), kLevel);
    d->decompress = ZSTD_createDDict(bytes.constData(), static_cast<size_t>(bytes.size()));
    if (!d->compress || !d->decompress) return;
    dictionaries_[id] = std::move(d);
    newest_ = std::max(newest_, id);
}

QByteArray CommandPacker::pack(QByteArrayView command, int& packing) {
    packing = 0;
    const auto it = dictionaries_.find(newest_);
    if (it == dictionaries_.end() || command.size() > kMaxPacked) return command.toByteArray();
    QByteArray out(static_cast<qsizetype>(ZSTD_compressBound(static_cast<size_t>(command.size()))),
                   Qt::Uninitialized);
    ZSTD_CCtx_refCDict(cctx_, it->second->compress);
    const size_t n = ZSTD_compress2(cctx_, out.data(), static_cast<size_t>(out.size()),
                                    command.data(), static_cast<size_t>(command.size()));
    if (ZSTD_isError(n) || n >= static_cast<size_t>(command.size())) return command.toByteArray();
    out.truncate(static_cast<qsizetype>(n));
    packing = newest_;
    return out;
}

std::optional<QByteArray> CommandPacker::unpack(const QByteArray& stored, int packing) {
    if (packing == 0) return stored;
    const auto it = dictionaries_.find(packing);
    if (it == dictionaries_.end()) return std::nullopt;
    ZSTD_frameHeader header;
    if (ZSTD_getFrameHeader_advanced(&header, stored.constData(),
                                     static_cast<size_t>(stored.size()),
                                     ZSTD_f_zstd1_magicless) != 0 ||
        header.frameContentSize == ZSTD_CONTENTSIZE_UNKNOWN ||
        header.frameContentSize > (64u << 20))
        return std::nullopt;
    QByteArray out(static_cast<qsizetype>(header.frameContentSize), Qt::Uninitialized);
    ZSTD_DCtx_refDDict(dctx_, it->second->decompress);
    const size_t n = ZSTD_decompressDCtx(dctx_, out.data(), static_cast<size_t>(out.size()),
                                         stored.constData(), static_cast<size_t>(stored.size()));
    if (ZSTD_isError(n) || n != header.frameContentSize) return std::nullopt;
    return out;
}

void CommandPacker::sample(QByteArrayView command, qint64 journalLength) {
    if (nextTraining_ == 0) {
        // The first training point that leaves room for a full sample after
        // the rows already there (none in a new store).
        const qint64 before = journalLength - 1;
        nextTraining_ = kFirstTraining;
        while (nextTraining_ < before + static_cast<qint64>(kSamples))
            nextTraining_ *= kTrainingGrowth;
    }
    if (journalLength + static_cast<qint64>(kSamples) < nextTraining_) return;
    samples_.push_back(command.toByteArray());
    if (samples_.size() > kSamples) samples_.pop_front();
    if (journalLength < nextTraining_ || training_.valid()) return;
    nextTraining_ *= kTrainingGrowth;
    std::vector<QByteArray> taken(samples_.begin(), samples_.end());
    samples_.clear();
    training_ = std::async(std::launch::async, train, std::move(taken));
}

std::optional<QByteArray> CommandPacker::takeTrained(bool wait) {
    if (!training_.valid()) return std::nullopt;
    if (!wait && training_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
        return std::nullopt;
    QByteArray d = training_.get();
    if (d.isEmpty()) return std::nullopt;
    return d;
}

}  // namespace houbu
