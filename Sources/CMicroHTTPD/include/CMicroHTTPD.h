#ifndef KEEPSAKE_CMICROHTTPD_H
#define KEEPSAKE_CMICROHTTPD_H

/*
 * Non-variadic wrappers over the libmicrohttpd calls that Swift cannot make itself.
 *
 * MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info take variadic arguments,
 * which Swift cannot pass. Each function here fixes how KeepsakeHTTP uses them and returns a
 * plain result. Every other libmicrohttpd function (MHD_queue_response, MHD_post_process, ...)
 * is called from Swift directly through the declarations of <microhttpd.h>, re-exported here.
 */

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <microhttpd.h>

/*
 * Told that libmicrohttpd refuses the head of `connection`'s request itself, before the access
 * handler is called (today: a Content-Length it cannot read, status 400, or too large, 413), with
 * the request target as sent. Called on the connection's polling thread just before libmicrohttpd
 * sends its own answer; a handler that answers itself must write to the socket and shut its
 * writing side, so that libmicrohttpd's answer is never sent. Every daemon of a process must use
 * the same function.
 */
typedef void (*cmhd_head_refusal_handler)(void *cls, struct MHD_Connection *connection, const char *target, int status);

/* How to start a daemon. All fields are read during cmhd_start_daemon only. */
typedef struct {
    /* IPv4 address to bind, in dotted-quad form ("127.0.0.1", "0.0.0.0"). */
    const char *ipv4_address;
    /* TCP port; 0 asks the kernel for a free (ephemeral) port. */
    uint16_t port;
    /* Most connections served at once; more are refused. */
    unsigned int connection_limit;
    /* Most connections from one client address at once; more are closed as soon as they are
     * accepted. 0 means no limit. */
    unsigned int per_address_connection_limit;
    /* Seconds a connection may stay idle before it is closed; 0 means never. */
    unsigned int connection_timeout;
    /* Polling threads (each with its own epoll set); at least 1. */
    unsigned int polling_threads;
    /* Non-zero: listen with SO_REUSEPORT, so that several daemons of this process (one polling
     * thread each) can listen on the same port and the kernel spreads new connections among
     * them. Only sockets of the same user can share a port; see cmhd_port_is_taken. */
    int share_port;
    /* Bytes of memory per connection for its headers and read buffer. */
    size_t connection_memory_limit;
    /* Called for each request (several times: headers, each body chunk, end of body). */
    MHD_AccessHandlerCallback access_handler;
    void *access_handler_cls;
    /* Called once when a request ends, successfully or not (client gone, timeout, shutdown). */
    MHD_RequestCompletedCallback completed_handler;
    void *completed_handler_cls;
    /* Called when a connection is accepted and when it is closed; may be NULL. */
    MHD_NotifyConnectionCallback connection_handler;
    void *connection_handler_cls;
    /* Called for a head libmicrohttpd refuses itself; may be NULL. */
    cmhd_head_refusal_handler head_refusal_handler;
    void *head_refusal_handler_cls;
    /* HTTPS: the server's certificate chain and its private key, PEM text (NUL-terminated), both
     * or neither; NULL serves plain HTTP. libmicrohttpd hands them to GnuTLS at start. */
    const char *tls_certificate_pem;
    const char *tls_key_pem;
} cmhd_daemon_options;

/*
 * Starts a daemon polling its sockets with epoll(7) on `polling_threads` internal threads (poll(2)
 * where epoll is missing), with suspend/resume allowed, bound to the IPv4 address and port of
 * `options`. Every callback runs on a polling thread, so none may block: the caller suspends a
 * connection while its request is handled elsewhere, and resumes it when the answer is ready.
 *
 * The request URL is handed to the access handler exactly as sent (not percent-decoded), and so
 * are GET argument names and values (libmicrohttpd only turns '+' into ' ' in them): the caller
 * decodes and validates them itself.
 *
 * Returns NULL on failure and writes a message to `error` (at most error_size bytes, always
 * NUL-terminated when error_size > 0).
 */
struct MHD_Daemon *cmhd_start_daemon(const cmhd_daemon_options *options, char *error, size_t error_size);

/*
 * Whether something already listens on (or has bound) the IPv4 address and port: binds a socket
 * there without SO_REUSEPORT (with SO_REUSEADDR, as libmicrohttpd does) and closes it at once.
 * Returns 0 when the port is free, else the errno of the bind (EADDRINUSE: taken; another value:
 * it cannot be used). Daemons that share a port (`share_port`) would otherwise quietly share it
 * with another server of the same user; asking first keeps "address in use" an error.
 */
int cmhd_port_is_taken(const char *ipv4_address, uint16_t port);

/* The port the daemon listens on (useful after asking for port 0); 0 if unknown. */
uint16_t cmhd_daemon_port(struct MHD_Daemon *daemon);

/*
 * Writes the numeric address the daemon's listening socket is bound to (getsockname) into
 * `buffer`, e.g. "127.0.0.1". Returns 0 on success, -1 on failure.
 */
int cmhd_daemon_address(struct MHD_Daemon *daemon, char *buffer, size_t buffer_size);

/*
 * Writes the numeric address of the connection's client into `buffer`, e.g. "127.0.0.1" or
 * "::1". Returns 0 on success, -1 on failure.
 */
int cmhd_connection_client_address(struct MHD_Connection *connection, char *buffer, size_t buffer_size);

/* Forgets `connection` as the one whose request line this thread read last (call it when its
 * head has been accepted, and when it closes), so that a later refusal is never reported for it. */
void cmhd_forget_connection(struct MHD_Connection *connection);

/* The epoll set of the polling thread that serves `connection`, or -1 (no epoll: not Linux). */
int cmhd_connection_epoll_fd(struct MHD_Connection *connection);

/*
 * Takes `connection`'s socket away from libmicrohttpd without it noticing: the socket leaves the
 * epoll set `epoll_fd`, moves to a new descriptor written to `original` (the caller's to use and
 * close), and the descriptor number libmicrohttpd holds is pointed at `replacement` (dup2) and
 * watched in the set as the socket was, so libmicrohttpd goes on reading, writing and finally
 * closing and unwatching that number. Returns 0; -1 when nothing was changed; -2 when the number
 * could be neither watched again nor restored (libmicrohttpd will fail to unwatch it). Linux only
 * (elsewhere -1).
 */
int cmhd_divert_connection(struct MHD_Connection *connection, int epoll_fd, int replacement, int *original);

/* The socket of a connection, or -1. */
int cmhd_connection_socket(struct MHD_Connection *connection);

/* The size in bytes of the request line and header fields of the connection's current request as
 * received (blank line included), or 0 if unknown. */
size_t cmhd_connection_head_size(struct MHD_Connection *connection);

#endif
