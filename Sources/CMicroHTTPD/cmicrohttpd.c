#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#ifdef __linux__
#include <sys/epoll.h>
#endif

/* The last message libmicrohttpd logged on this thread. cmhd_start_daemon runs on the caller's
 * thread, so after a failed start this holds the reason. Messages logged later on connection
 * threads land in those threads' own copies and are dropped. */
static _Thread_local char last_log_message[256];

/* The connection whose request line this polling thread read last, and that request's target as
 * sent (see note_request_line). */
static _Thread_local struct MHD_Connection *current_connection;
static _Thread_local char current_target[2048];

/* Told about heads that libmicrohttpd refuses itself (one function for every daemon of the
 * process; each daemon's logger argument is its own handler_cls). */
static cmhd_head_refusal_handler head_refusal_handler;

static int starts_with(const char *text, const char *prefix) {
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

static void log_to_thread_buffer(void *cls, const char *format, va_list arguments) {
    vsnprintf(last_log_message, sizeof last_log_message, format, arguments);
    /* libmicrohttpd's messages end with a newline; drop it. */
    size_t length = strlen(last_log_message);
    while (length > 0 && (last_log_message[length - 1] == '\n' || last_log_message[length - 1] == '\r')) {
        last_log_message[--length] = '\0';
    }
    /* libmicrohttpd 0.9.75 answers a Content-Length it cannot read with its own page, whose head it
     * sends twice; these two messages come just before, on the thread of the connection whose head
     * it is reading. */
    cmhd_head_refusal_handler handler = __atomic_load_n(&head_refusal_handler, __ATOMIC_ACQUIRE);
    if (cls == NULL || handler == NULL || current_connection == NULL) {
        return;
    }
    int status = 0;
    if (starts_with(last_log_message, "Failed to parse `Content-Length' header")) {
        status = 400;
    } else if (starts_with(last_log_message, "Too large value of 'Content-Length' header")) {
        status = 413;
    }
    if (status != 0) {
        handler(cls, current_connection, current_target, status);
    }
}

/* MHD_OPTION_URI_LOG_CALLBACK: the request line of `connection` has been read (its head is
 * complete or follows); remembers it for the logger. Returns NULL: the request's context pointer
 * starts empty. */
static void *note_request_line(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)cls;
    current_connection = connection;
    snprintf(current_target, sizeof current_target, "%s", uri == NULL ? "" : uri);
    return NULL;
}

void cmhd_forget_connection(struct MHD_Connection *connection) {
    if (current_connection == connection) {
        current_connection = NULL;
        current_target[0] = '\0';
    }
}

/* Leaves URLs and GET arguments exactly as sent, so the Swift side can reject malformed
 * percent-encoding instead of passing it through as libmicrohttpd's own decoder does. */
static size_t keep_escaped(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

static void write_error(char *error, size_t error_size, const char *message) {
    if (error != NULL && error_size > 0) {
        snprintf(error, error_size, "%s", message);
    }
}

struct MHD_Daemon *cmhd_start_daemon(const cmhd_daemon_options *options, char *error, size_t error_size) {
    write_error(error, error_size, "");
    if (options == NULL || options->ipv4_address == NULL || options->access_handler == NULL) {
        write_error(error, error_size, "missing daemon options");
        return NULL;
    }
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(options->port);
    if (inet_pton(AF_INET, options->ipv4_address, &address.sin_addr) != 1) {
        write_error(error, error_size, "not an IPv4 address");
        return NULL;
    }

    if (options->head_refusal_handler != NULL) {
        __atomic_store_n(&head_refusal_handler, options->head_refusal_handler, __ATOMIC_RELEASE);
    }

    last_log_message[0] = '\0';
    errno = 0;
#ifdef __linux__
    unsigned int polling = MHD_USE_EPOLL;
#else
    unsigned int polling = MHD_USE_AUTO;
#endif
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | polling | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    /* HTTPS: the certificate and key as memory options (an empty list for plain HTTP). */
    struct MHD_OptionItem tls[3] = {
        { MHD_OPTION_END, 0, NULL }, { MHD_OPTION_END, 0, NULL }, { MHD_OPTION_END, 0, NULL },
    };
    if (options->tls_certificate_pem != NULL || options->tls_key_pem != NULL) {
        if (options->tls_certificate_pem == NULL || options->tls_key_pem == NULL) {
            write_error(error, error_size, "HTTPS needs both a certificate and its private key");
            return NULL;
        }
        if (MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES) {
            write_error(error, error_size, "this libmicrohttpd was built without TLS (GnuTLS); install Debian's libmicrohttpd12, which has it");
            return NULL;
        }
        flags |= MHD_USE_TLS;
        tls[0] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)options->tls_certificate_pem };
        tls[1] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)options->tls_key_pem };
    }
    /* SO_REUSEPORT when the port is shared by several daemons (an END item otherwise: the
     * default keeps SO_REUSEADDR only). */
    struct MHD_OptionItem sharing[2] = { { MHD_OPTION_END, 0, NULL }, { MHD_OPTION_END, 0, NULL } };
    if (options->share_port) {
        sharing[0] = (struct MHD_OptionItem){ MHD_OPTION_LISTENING_ADDRESS_REUSE, 1, NULL };
    }
    unsigned int threads = options->polling_threads == 0 ? 1 : options->polling_threads;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, options->port, NULL, NULL, options->access_handler, options->access_handler_cls,
        MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, options->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, options->per_address_connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, options->connection_timeout,
        MHD_OPTION_NOTIFY_CONNECTION, options->connection_handler, options->connection_handler_cls,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, options->connection_memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, options->completed_handler, options->completed_handler_cls,
        MHD_OPTION_UNESCAPE_CALLBACK, keep_escaped, (void *)NULL,
        MHD_OPTION_EXTERNAL_LOGGER, log_to_thread_buffer, options->head_refusal_handler_cls,
        MHD_OPTION_URI_LOG_CALLBACK, note_request_line, (void *)NULL,
        MHD_OPTION_ARRAY, tls,
        MHD_OPTION_ARRAY, sharing,
        MHD_OPTION_END);
    if (daemon == NULL) {
        int saved = errno;
        if (last_log_message[0] != '\0') {
            write_error(error, error_size, last_log_message);
        } else if (saved != 0) {
            write_error(error, error_size, strerror(saved));
        } else {
            write_error(error, error_size, "libmicrohttpd could not start the daemon");
        }
    }
    return daemon;
}

int cmhd_port_is_taken(const char *ipv4_address, uint16_t port) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (ipv4_address == NULL || inet_pton(AF_INET, ipv4_address, &address.sin_addr) != 1) {
        return EINVAL;
    }
    int probe = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (probe < 0) {
        return errno;
    }
    int on = 1;
    int result = 0;
    if (setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0
        || bind(probe, (const struct sockaddr *)&address, sizeof address) != 0) {
        result = errno;
    }
    close(probe);
    return result;
}

uint16_t cmhd_daemon_port(struct MHD_Daemon *daemon) {
    if (daemon == NULL) {
        return 0;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* Formats an IPv4 or IPv6 socket address as numeric text. */
static int format_address(const struct sockaddr *address, char *buffer, size_t buffer_size) {
    if (address == NULL || buffer == NULL || buffer_size == 0) {
        return -1;
    }
    const void *raw;
    if (address->sa_family == AF_INET) {
        raw = &((const struct sockaddr_in *)address)->sin_addr;
    } else if (address->sa_family == AF_INET6) {
        raw = &((const struct sockaddr_in6 *)address)->sin6_addr;
    } else {
        return -1;
    }
    return inet_ntop(address->sa_family, raw, buffer, (socklen_t)buffer_size) == NULL ? -1 : 0;
}

int cmhd_daemon_address(struct MHD_Daemon *daemon, char *buffer, size_t buffer_size) {
    if (daemon == NULL) {
        return -1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    if (info == NULL || info->listen_fd == MHD_INVALID_SOCKET) {
        return -1;
    }
    struct sockaddr_storage storage;
    socklen_t length = sizeof storage;
    if (getsockname(info->listen_fd, (struct sockaddr *)&storage, &length) != 0) {
        return -1;
    }
    return format_address((const struct sockaddr *)&storage, buffer, buffer_size);
}

int cmhd_connection_client_address(struct MHD_Connection *connection, char *buffer, size_t buffer_size) {
    if (connection == NULL) {
        return -1;
    }
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL) {
        return -1;
    }
    return format_address(info->client_addr, buffer, buffer_size);
}

int cmhd_connection_socket(struct MHD_Connection *connection) {
    if (connection == NULL) {
        return -1;
    }
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

size_t cmhd_connection_head_size(struct MHD_Connection *connection) {
    if (connection == NULL) {
        return 0;
    }
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

int cmhd_connection_epoll_fd(struct MHD_Connection *connection) {
#ifdef __linux__
    if (connection == NULL) {
        return -1;
    }
    const union MHD_ConnectionInfo *owner = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_DAEMON);
    if (owner == NULL || owner->daemon == NULL) {
        return -1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(owner->daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info == NULL ? -1 : info->epoll_fd;
#else
    (void)connection;
    return -1;
#endif
}

int cmhd_divert_connection(struct MHD_Connection *connection, int epoll_fd, int replacement, int *original) {
#ifdef __linux__
    int fd = cmhd_connection_socket(connection);
    if (fd < 0 || epoll_fd < 0 || replacement < 0 || original == NULL) {
        return -1;
    }
    /* libmicrohttpd 0.9.75 watches a connection's socket edge-triggered, with the connection as
     * the event's pointer, and removes it from the set when it closes the connection. */
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN | EPOLLOUT | EPOLLPRI | EPOLLET;
    event.data.ptr = connection;
    /* The socket leaves the set first: once libmicrohttpd frees the connection, no event of the
     * socket may carry its pointer. A connection resumed after a suspension is not in the set until
     * libmicrohttpd next waits for it (it adds the number itself then). */
    int watched = epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, &event) == 0;
    if (!watched && errno != ENOENT) {
        return -1;
    }
    int kept = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (kept < 0 || dup2(replacement, fd) < 0) {
        if (kept >= 0) {
            close(kept);
        }
        if (watched) {
            (void)epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event);
        }
        return -1;
    }
    if (watched && epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event) != 0) {
        /* Put the socket back as it was. */
        if (dup2(kept, fd) >= 0 && epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event) == 0) {
            close(kept);
            return -1;
        }
        close(kept);
        return -2;
    }
    *original = kept;
    return 0;
#else
    (void)connection;
    (void)epoll_fd;
    (void)replacement;
    (void)original;
    return -1;
#endif
}
