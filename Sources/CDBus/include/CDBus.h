#ifndef CDBUS_H
#define CDBUS_H

#include <stdint.h>
#include <stddef.h>

/* A D-Bus connection driven without ever blocking: the caller polls its descriptor with the
   rest of its run loop and calls cdbus_pump when it is ready; replies and signals come back as
   messages from cdbus_next. libdbus's errors become return codes and messages. */
typedef struct cdbus_connection cdbus_connection;

/* Connects to `address` (a D-Bus address string) and starts saying Hello. NULL and a message
   in `error` when the address cannot be connected to. */
cdbus_connection *cdbus_open(const char *address, char *error, size_t error_size);
void cdbus_close(cdbus_connection *connection);

/* The socket to poll; -1 when there is none. */
int cdbus_fd(cdbus_connection *connection);
/* Whether there is something waiting to be written (poll for POLLOUT too). */
int cdbus_wants_write(cdbus_connection *connection);
/* Reads and writes what it can without waiting. -1 when the connection is gone. */
int cdbus_pump(cdbus_connection *connection);
/* The bus's name for this connection (":1.42"), or NULL until Hello's answer came. */
const char *cdbus_unique_name(cdbus_connection *connection);

/* org.freedesktop.DBus.AddMatch(rule). Returns the call's serial, 0 on failure. */
uint32_t cdbus_add_match(cdbus_connection *connection, const char *rule);

/* org.freedesktop.portal.FileChooser.OpenFile (save == 0) or SaveFile (save != 0) on the
   desktop portal, with the options the app uses: handle_token, modal, accept_label, the
   filters (name and ';'-separated glob patterns each), the current filter, current_name (save)
   and current_folder. Returns the call's serial, 0 on failure. */
uint32_t cdbus_file_chooser(cdbus_connection *connection, int save, const char *parent_window, const char *title,
                            const char *handle_token, const char *accept_label, const char *current_name,
                            const char *current_folder, int filter_count, const char *const *filter_names,
                            const char *const *filter_patterns, int current_filter);

/* org.freedesktop.portal.Request.Close on a request object: a dialog the app gave up waiting for. */
uint32_t cdbus_close_request(cdbus_connection *connection, const char *request_path);

enum cdbus_kind {
    CDBUS_RETURN = 1,   /* a method's answer: `text` is its first string or object path argument */
    CDBUS_ERROR = 2,    /* a method's error: `text` is "name: message" */
    CDBUS_RESPONSE = 3, /* org.freedesktop.portal.Request.Response: `path`, `code`, `uris`, `filter` */
    CDBUS_OTHER = 4     /* anything else (skipped) */
};

typedef struct {
    int kind;
    uint32_t reply_serial;
    char *text;
    char *path;
    uint32_t code;
    char *uris;   /* '\n' between them */
    char *filter; /* the name of the filter chosen, if the answer says */
} cdbus_message;

/* The next message read, 1 when `message` was filled (free it with cdbus_message_free), 0 when
   there is none now. */
int cdbus_next(cdbus_connection *connection, cdbus_message *message);
void cdbus_message_free(cdbus_message *message);

#endif
