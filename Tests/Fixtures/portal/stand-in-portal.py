#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's FileChooser, for tests on a private session bus.

It owns org.freedesktop.portal.Desktop, answers OpenFile and SaveFile with a request object
path (/org/freedesktop/portal/desktop/request/SENDER/TOKEN, as the real portal does) and emits
Response on that object, as the environment says:
  PORTAL_MODE=answer   Response 0 with PORTAL_URI for OpenFile, PORTAL_SAVE_URI for SaveFile
                       (default: the folder and name SaveFile asked for)
  PORTAL_MODE=cancel   Response 1 (the user cancelled)
  PORTAL_MODE=never    never answers the call at all (a hung portal)
  PORTAL_MODE=fail     answers the call with an error
  PORTAL_MODE=late     answers the call after PORTAL_REPLY_DELAY_MS and never responds (the
                       dialog stays up until the app closes it through Request.Close)
Each call is appended to RECORD_FILE as a JSON line (method, parent window, title, options).
It prints "ready" once it owns the name.
"""
import json
import os
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

REQUEST = "org.freedesktop.portal.Request"
CHOOSER = "org.freedesktop.portal.FileChooser"


def plain(value):
    """D-Bus values as JSON can hold them (byte strings as text without their NUL)."""
    if isinstance(value, dbus.Array) and value.signature == "y":
        return bytes(value).rstrip(b"\0").decode("utf-8", "replace")
    if isinstance(value, (dbus.Array, dbus.Struct, list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dbus.Dictionary):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.UInt32, dbus.Int32)):
        return int(value)
    return str(value)


class Request(dbus.service.Object):
    def __init__(self, bus, path):
        super().__init__(bus, path)
        self.closed = False

    @dbus.service.method(REQUEST, in_signature="", out_signature="")
    def Close(self):
        self.closed = True
        record({"method": "Close", "path": str(self._object_path)})
        self.remove_from_connection()

    @dbus.service.signal(REQUEST, signature="ua{sv}")
    def Response(self, code, results):
        pass


def record(entry):
    with open(sys.argv[1], "a") as f:
        f.write(json.dumps(entry) + "\n")


class Portal(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/portal/desktop")
        self.bus = bus

    def handle(self, method, parent, title, options, sender, reply, error):
        record({"method": method, "parent": str(parent), "title": str(title), "options": plain(options)})
        mode = os.environ.get("PORTAL_MODE", "answer")
        if mode == "never":
            return
        if mode == "fail":
            error(dbus.exceptions.DBusException("the stand-in was told to fail", name="org.freedesktop.portal.Error.Failed"))
            return
        token = str(options.get("handle_token", "t"))
        path = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), token)
        request = Request(self.bus, path)
        if mode == "late":
            GLib.timeout_add(int(os.environ.get("PORTAL_REPLY_DELAY_MS", "300")), lambda: reply(dbus.ObjectPath(path)) and False)
            return
        reply(dbus.ObjectPath(path))

        def respond():
            if request.closed:
                return False
            if mode == "cancel":
                request.Response(dbus.UInt32(1), dbus.Dictionary({}, signature="sv"))
                return False
            if mode == "dismiss":
                # GTK's dialog closed with Escape or its window's close button: "ended otherwise".
                request.Response(dbus.UInt32(2), dbus.Dictionary({}, signature="sv"))
                return False
            uri = os.environ.get("PORTAL_SAVE_URI" if method == "SaveFile" else "PORTAL_URI")
            if not uri and method == "SaveFile":
                folder = plain(options.get("current_folder", dbus.Array([], signature="y"))) or "/tmp"
                uri = "file://" + folder + "/" + str(options.get("current_name", "drawing.png"))
            chosen = dbus.Struct(("PNG image", dbus.Array([dbus.Struct((dbus.UInt32(0), "*.png"), signature="us")], signature="(us)")),
                                 signature="sa(us)")
            request.Response(dbus.UInt32(0), dbus.Dictionary({"uris": dbus.Array([uri], signature="s"), "current_filter": chosen},
                                                             signature="sv"))
            return False

        GLib.timeout_add(int(os.environ.get("PORTAL_DELAY_MS", "30")), respond)

    @dbus.service.method(CHOOSER, in_signature="ssa{sv}", out_signature="o", sender_keyword="sender",
                         async_callbacks=("reply", "error"))
    def OpenFile(self, parent, title, options, sender=None, reply=None, error=None):
        self.handle("OpenFile", parent, title, options, sender, reply, error)

    @dbus.service.method(CHOOSER, in_signature="ssa{sv}", out_signature="o", sender_keyword="sender",
                         async_callbacks=("reply", "error"))
    def SaveFile(self, parent, title, options, sender=None, reply=None, error=None):
        self.handle("SaveFile", parent, title, options, sender, reply, error)


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName("org.freedesktop.portal.Desktop", bus)
    portal = Portal(bus)
    print("ready", flush=True)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
