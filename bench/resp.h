#pragma once
// A small Redis client: RESP2 over a TCP socket, with pipelining (queue any
// number of commands, then read their replies in order).

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace houbu::bench {

struct Reply {
    enum class Type : std::uint8_t { Status, Error, Integer, Bulk, Nil, Array } type = Type::Nil;
    std::int64_t integer = 0;
    std::string text;  // status, error or bulk string
    std::vector<Reply> elements;
};

class RespClient {
  public:
    RespClient() = default;
    ~RespClient();
    RespClient(const RespClient&) = delete;
    RespClient& operator=(const RespClient&) = delete;

    // Connects to host:port (IPv4 address). False with `error` on failure.
    bool connect(const std::string& host, int port, std::string& error);

    // Queues one command; nothing is sent until read() or call().
    void queue(std::initializer_list<std::string_view> args);
    void queue(const std::vector<std::string>& args);
    // Sends what is queued and reads `n` replies (all queued ones by default).
    std::vector<Reply> read();
    // One command, one round trip.
    Reply call(std::initializer_list<std::string_view> args);

    std::uint64_t commandsSent() const { return commands_; }
    std::uint64_t roundTrips() const { return roundTrips_; }
    // True after an I/O or protocol failure; every later reply is an error.
    bool failed() const { return failed_; }

  private:
    void begin(std::size_t n);
    void arg(std::string_view a);
    bool flush();
    bool fill();
    bool readLine(std::string& line);
    bool parse(Reply& r);

    int fd_ = -1;
    std::string out_;
    std::string in_;
    std::size_t inPos_ = 0;
    std::size_t pending_ = 0;
    std::uint64_t commands_ = 0;
    std::uint64_t roundTrips_ = 0;
    bool failed_ = false;
};

}  // namespace houbu::bench
