// libdbus is opened with the first connection (LazyLibrary.h), not at start: with libsystemd,
// libgcrypt, libgpg-error, liblz4 and libcap under it, 0.7 MB resident that a drawing whose
// user never opens a file dialog does not need.
#include "CDBus.h"

#include <LazyLibrary.h>
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DBUS_FUNCTIONS(X) \
    X(dbus_connection_close) X(dbus_connection_get_is_connected) X(dbus_connection_get_unix_fd) \
    X(dbus_connection_has_messages_to_send) X(dbus_connection_open_private) \
    X(dbus_connection_pop_message) X(dbus_connection_read_write) X(dbus_connection_send) \
    X(dbus_connection_set_exit_on_disconnect) X(dbus_connection_unref) X(dbus_error_free) \
    X(dbus_error_init) X(dbus_message_append_args) X(dbus_message_get_error_name) \
    X(dbus_message_get_path) X(dbus_message_get_reply_serial) X(dbus_message_get_type) \
    X(dbus_message_is_signal) X(dbus_message_iter_append_basic) \
    X(dbus_message_iter_append_fixed_array) X(dbus_message_iter_close_container) \
    X(dbus_message_iter_get_arg_type) X(dbus_message_iter_get_basic) \
    X(dbus_message_iter_get_element_type) X(dbus_message_iter_init) X(dbus_message_iter_init_append) \
    X(dbus_message_iter_next) X(dbus_message_iter_open_container) X(dbus_message_iter_recurse) \
    X(dbus_message_new_method_call) X(dbus_message_unref) X(dbus_validate_path)
LAZY_LIBRARY(dbus, "libdbus-1.so.3", DBUS_FUNCTIONS)

struct cdbus_connection {
    DBusConnection *bus;
    dbus_uint32_t hello_serial;
    char *unique_name;
};

static void copy_error(char *error, size_t size, const char *text) {
    if (error && size > 0) snprintf(error, size, "%s", text ? text : "unknown error");
}

static dbus_uint32_t queue_message(cdbus_connection *c, DBusMessage *message) {
    dbus_uint32_t serial = 0;
    if (!message) return 0;
    if (!p_dbus_connection_send(c->bus, message, &serial)) serial = 0;
    p_dbus_message_unref(message);
    /* Starts writing now, without waiting for the socket. */
    p_dbus_connection_read_write(c->bus, 0);
    return serial;
}

cdbus_connection *cdbus_open(const char *address, char *error, size_t error_size) {
    if (!load_dbus()) {
        copy_error(error, error_size, "the desktop's file dialog needs libdbus (Debian's libdbus-1-3), which could not be loaded");
        return NULL;
    }
    DBusError failure;
    p_dbus_error_init(&failure);
    DBusConnection *bus = p_dbus_connection_open_private(address, &failure);
    if (!bus) {
        copy_error(error, error_size, failure.message);
        p_dbus_error_free(&failure);
        return NULL;
    }
    /* A bus that goes away must not end the process (libdbus's default for shared buses). */
    p_dbus_connection_set_exit_on_disconnect(bus, FALSE);
    cdbus_connection *c = calloc(1, sizeof *c);
    if (!c) {
        p_dbus_connection_close(bus);
        p_dbus_connection_unref(bus);
        copy_error(error, error_size, "out of memory");
        return NULL;
    }
    c->bus = bus;
    /* Hello is sent as any call is (dbus_bus_register would wait for its answer). */
    c->hello_serial = queue_message(c, p_dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello"));
    return c;
}

void cdbus_close(cdbus_connection *c) {
    if (!c) return;
    p_dbus_connection_close(c->bus);
    p_dbus_connection_unref(c->bus);
    free(c->unique_name);
    free(c);
}

int cdbus_fd(cdbus_connection *c) {
    int fd = -1;
    if (!c || !p_dbus_connection_get_unix_fd(c->bus, &fd)) return -1;
    return fd;
}

int cdbus_wants_write(cdbus_connection *c) { return c && p_dbus_connection_has_messages_to_send(c->bus); }

int cdbus_pump(cdbus_connection *c) {
    if (!c) return -1;
    if (!p_dbus_connection_read_write(c->bus, 0)) return -1;
    return p_dbus_connection_get_is_connected(c->bus) ? 0 : -1;
}

const char *cdbus_unique_name(cdbus_connection *c) { return c ? c->unique_name : NULL; }

uint32_t cdbus_add_match(cdbus_connection *c, const char *rule) {
    DBusMessage *m = p_dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch");
    if (!m) return 0;
    if (!p_dbus_message_append_args(m, DBUS_TYPE_STRING, &rule, DBUS_TYPE_INVALID)) { p_dbus_message_unref(m); return 0; }
    return queue_message(c, m);
}

/* One a{sv} entry whose value is of a basic type (`signature` "s" or "b", `type` the matching
   DBUS_TYPE_*, `value` a pointer to it, as dbus_message_iter_append_basic takes it). */
static int append_basic_option(DBusMessageIter *dict, const char *key, const char *signature, int type, const void *value) {
    DBusMessageIter entry, variant;
    return p_dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
        && p_dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
        && p_dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, signature, &variant)
        && p_dbus_message_iter_append_basic(&variant, type, value)
        && p_dbus_message_iter_close_container(&entry, &variant)
        && p_dbus_message_iter_close_container(dict, &entry);
}

static int append_string_option(DBusMessageIter *dict, const char *key, const char *value) {
    return append_basic_option(dict, key, "s", DBUS_TYPE_STRING, &value);
}

static int append_bool_option(DBusMessageIter *dict, const char *key, dbus_bool_t value) {
    return append_basic_option(dict, key, "b", DBUS_TYPE_BOOLEAN, &value);
}

/* current_folder is a NUL-terminated byte string (ay): a path need not be UTF-8. */
static int append_bytes_option(DBusMessageIter *dict, const char *key, const char *value) {
    DBusMessageIter entry, variant, array;
    int length = (int)strlen(value) + 1;
    return p_dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
        && p_dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
        && p_dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "ay", &variant)
        && p_dbus_message_iter_open_container(&variant, DBUS_TYPE_ARRAY, "y", &array)
        && p_dbus_message_iter_append_fixed_array(&array, DBUS_TYPE_BYTE, &value, length)
        && p_dbus_message_iter_close_container(&variant, &array)
        && p_dbus_message_iter_close_container(&entry, &variant)
        && p_dbus_message_iter_close_container(dict, &entry);
}

/* A filter, (sa(us)): its name and its glob patterns (kind 0), split at ';'. */
static int append_filter(DBusMessageIter *container, const char *name, const char *patterns) {
    DBusMessageIter filter, list;
    if (!p_dbus_message_iter_open_container(container, DBUS_TYPE_STRUCT, NULL, &filter)
        || !p_dbus_message_iter_append_basic(&filter, DBUS_TYPE_STRING, &name)
        || !p_dbus_message_iter_open_container(&filter, DBUS_TYPE_ARRAY, "(us)", &list)) return 0;
    char *copy = strdup(patterns), *save = NULL;
    if (!copy) return 0;
    int ok = 1;
    for (char *glob = strtok_r(copy, ";", &save); glob && ok; glob = strtok_r(NULL, ";", &save)) {
        DBusMessageIter pair;
        dbus_uint32_t kind = 0;
        const char *text = glob;
        ok = p_dbus_message_iter_open_container(&list, DBUS_TYPE_STRUCT, NULL, &pair)
            && p_dbus_message_iter_append_basic(&pair, DBUS_TYPE_UINT32, &kind)
            && p_dbus_message_iter_append_basic(&pair, DBUS_TYPE_STRING, &text)
            && p_dbus_message_iter_close_container(&list, &pair);
    }
    free(copy);
    return ok && p_dbus_message_iter_close_container(&filter, &list) && p_dbus_message_iter_close_container(container, &filter);
}

uint32_t cdbus_file_chooser(cdbus_connection *c, int save, const char *parent_window, const char *title,
                            const char *handle_token, const char *accept_label, const char *current_name,
                            const char *current_folder, int filter_count, const char *const *filter_names,
                            const char *const *filter_patterns, int current_filter) {
    DBusMessage *m = p_dbus_message_new_method_call("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                                  "org.freedesktop.portal.FileChooser", save ? "SaveFile" : "OpenFile");
    if (!m) return 0;
    DBusMessageIter args, dict;
    p_dbus_message_iter_init_append(m, &args);
    int ok = p_dbus_message_iter_append_basic(&args, DBUS_TYPE_STRING, &parent_window)
        && p_dbus_message_iter_append_basic(&args, DBUS_TYPE_STRING, &title)
        && p_dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &dict)
        && append_string_option(&dict, "handle_token", handle_token)
        && append_bool_option(&dict, "modal", TRUE);
    if (ok && accept_label && *accept_label) ok = append_string_option(&dict, "accept_label", accept_label);
    if (ok && !save) ok = append_bool_option(&dict, "multiple", FALSE);
    if (ok && save && current_name && *current_name) ok = append_string_option(&dict, "current_name", current_name);
    if (ok && current_folder && *current_folder) ok = append_bytes_option(&dict, "current_folder", current_folder);
    if (ok && filter_count > 0) {
        DBusMessageIter entry, variant, array;
        const char *key = "filters";
        ok = p_dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
            && p_dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
            && p_dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "a(sa(us))", &variant)
            && p_dbus_message_iter_open_container(&variant, DBUS_TYPE_ARRAY, "(sa(us))", &array);
        for (int i = 0; ok && i < filter_count; i++) ok = append_filter(&array, filter_names[i], filter_patterns[i]);
        ok = ok && p_dbus_message_iter_close_container(&variant, &array) && p_dbus_message_iter_close_container(&entry, &variant)
            && p_dbus_message_iter_close_container(&dict, &entry);
        if (ok && current_filter >= 0 && current_filter < filter_count) {
            const char *current = "current_filter";
            ok = p_dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
                && p_dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &current)
                && p_dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "(sa(us))", &variant)
                && append_filter(&variant, filter_names[current_filter], filter_patterns[current_filter])
                && p_dbus_message_iter_close_container(&entry, &variant) && p_dbus_message_iter_close_container(&dict, &entry);
        }
    }
    ok = ok && p_dbus_message_iter_close_container(&args, &dict);
    if (!ok) { p_dbus_message_unref(m); return 0; }
    return queue_message(c, m);
}

uint32_t cdbus_close_request(cdbus_connection *c, const char *request_path) {
    if (!p_dbus_validate_path(request_path, NULL)) return 0;
    return queue_message(c, p_dbus_message_new_method_call("org.freedesktop.portal.Desktop", request_path, "org.freedesktop.portal.Request", "Close"));
}

/* The Response's results: uris (as) and current_filter ((sa(us)), its name). */
static void read_results(DBusMessageIter *dict, cdbus_message *out) {
    size_t used = 0, capacity = 0;
    while (p_dbus_message_iter_get_arg_type(dict) == DBUS_TYPE_DICT_ENTRY) {
        DBusMessageIter entry, variant;
        const char *key = NULL;
        p_dbus_message_iter_recurse(dict, &entry);
        if (p_dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_STRING) {
            p_dbus_message_iter_get_basic(&entry, &key);
            p_dbus_message_iter_next(&entry);
        }
        if (key && p_dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_VARIANT) {
            p_dbus_message_iter_recurse(&entry, &variant);
            if (strcmp(key, "uris") == 0 && p_dbus_message_iter_get_arg_type(&variant) == DBUS_TYPE_ARRAY
                && p_dbus_message_iter_get_element_type(&variant) == DBUS_TYPE_STRING) {
                DBusMessageIter uris;
                p_dbus_message_iter_recurse(&variant, &uris);
                while (p_dbus_message_iter_get_arg_type(&uris) == DBUS_TYPE_STRING) {
                    const char *uri = NULL;
                    p_dbus_message_iter_get_basic(&uris, &uri);
                    size_t length = strlen(uri);
                    if (used + length + 2 > capacity) {
                        capacity = (used + length + 2) * 2;
                        char *grown = realloc(out->uris, capacity);
                        if (!grown) return;
                        out->uris = grown;
                    }
                    if (used > 0) out->uris[used++] = '\n';
                    memcpy(out->uris + used, uri, length);
                    used += length;
                    out->uris[used] = 0;
                    p_dbus_message_iter_next(&uris);
                }
            } else if (strcmp(key, "current_filter") == 0 && p_dbus_message_iter_get_arg_type(&variant) == DBUS_TYPE_STRUCT) {
                DBusMessageIter filter;
                p_dbus_message_iter_recurse(&variant, &filter);
                if (p_dbus_message_iter_get_arg_type(&filter) == DBUS_TYPE_STRING) {
                    const char *name = NULL;
                    p_dbus_message_iter_get_basic(&filter, &name);
                    free(out->filter);
                    out->filter = strdup(name);
                }
            }
        }
        p_dbus_message_iter_next(dict);
    }
}

int cdbus_next(cdbus_connection *c, cdbus_message *out) {
    memset(out, 0, sizeof *out);
    DBusMessage *m = p_dbus_connection_pop_message(c->bus);
    if (!m) return 0;
    out->reply_serial = p_dbus_message_get_reply_serial(m);
    DBusMessageIter args;
    int has_args = p_dbus_message_iter_init(m, &args);
    switch (p_dbus_message_get_type(m)) {
    case DBUS_MESSAGE_TYPE_METHOD_RETURN:
        out->kind = CDBUS_RETURN;
        if (has_args && (p_dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_STRING || p_dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_OBJECT_PATH)) {
            const char *text = NULL;
            p_dbus_message_iter_get_basic(&args, &text);
            out->text = strdup(text);
        }
        if (out->reply_serial == c->hello_serial && out->text && !c->unique_name) c->unique_name = strdup(out->text);
        break;
    case DBUS_MESSAGE_TYPE_ERROR: {
        out->kind = CDBUS_ERROR;
        const char *name = p_dbus_message_get_error_name(m), *text = NULL;
        if (has_args && p_dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_STRING) p_dbus_message_iter_get_basic(&args, &text);
        size_t size = strlen(name ? name : "") + strlen(text ? text : "") + 3;
        out->text = malloc(size);
        if (out->text) snprintf(out->text, size, "%s: %s", name ? name : "", text ? text : "");
        break;
    }
    case DBUS_MESSAGE_TYPE_SIGNAL:
        if (p_dbus_message_is_signal(m, "org.freedesktop.portal.Request", "Response") && has_args
            && p_dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_UINT32) {
            out->kind = CDBUS_RESPONSE;
            out->path = strdup(p_dbus_message_get_path(m) ? p_dbus_message_get_path(m) : "");
            p_dbus_message_iter_get_basic(&args, &out->code);
            p_dbus_message_iter_next(&args);
            if (p_dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_ARRAY) {
                DBusMessageIter dict;
                p_dbus_message_iter_recurse(&args, &dict);
                read_results(&dict, out);
            }
        } else {
            out->kind = CDBUS_OTHER;
        }
        break;
    default:
        out->kind = CDBUS_OTHER;
    }
    p_dbus_message_unref(m);
    return 1;
}

void cdbus_message_free(cdbus_message *m) {
    free(m->text);
    free(m->path);
    free(m->uris);
    free(m->filter);
    memset(m, 0, sizeof *m);
}
