// The network side of `rulesrun serve`: accepting connections, HTTP requests (pages and the lobby's API), and each
// WebSocket client with its queue of messages to send (a client that stops reading is dropped, never waited for), and
// the rate at which one connection may send (a flood is refused and slowed, rate_limit.hpp).
#pragma once

#include <deque>
#include <memory>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "rate_limit.hpp"

namespace rulesrun::serve {

class Server;

// Accepts connections on an address and hands each one to an HttpSession.
void start_accepting(boost::asio::io_context& io, boost::asio::ip::tcp::acceptor& acceptor, Server& server);

// The seat of a connection refused (a wrong table or token): it gets its error, then is closed.
inline constexpr int refused_seat = -2;

// One seat's (or a spectator's) WebSocket connection to a table.
class Client : public std::enable_shared_from_this<Client> {
public:
    Client(boost::beast::websocket::stream<boost::beast::tcp_stream> socket, Server& server, std::string table, int seat);

    // Completes the WebSocket handshake, then joins the table, or sends `refusal` and closes (seat refused_seat).
    void start(boost::beast::http::request<boost::beast::http::string_body> request, const std::string& refusal);
    // Queues a message; a client with too many waiting is closed.
    void send(std::string text);
    [[nodiscard]] int seat() const { return seat_; }
    // How many log lines this client has received.
    std::size_t log_sent = 0;

private:
    void read();
    // A message over the rate limit: refused with an error, and nothing more read until one more may be sent.
    void refuse_and_wait();
    void write_next();
    void stop_reading(boost::beast::error_code why);
    void close();
    void drop();

    boost::beast::websocket::stream<boost::beast::tcp_stream> socket_;
    Server& server_;
    std::string table_;
    int seat_;
    boost::beast::flat_buffer buffer_;
    RateLimit rate_;
    boost::asio::steady_timer pause_;
    std::deque<std::string> outbox_;
    bool closed_ = false;
    bool reading_stopped_ = false;
    boost::beast::websocket::close_code close_code_ = boost::beast::websocket::close_code::normal;
};

}  // namespace rulesrun::serve
