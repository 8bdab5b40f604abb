import PaintToolkit

/// One OpenFile or SaveFile in flight.
final class PortalRequest {
    let request: FileChooserRequest
    let token: String
    let answer: (FileChooserAnswer) -> Void
    var serial: UInt32 = 0
    /// The request object's path: the expected one, then the one the call returned.
    var paths: Set<String> = []
    /// The portal answered the call (the dialog is up).
    var isTaken = false
    var isAnswered = false

    init(request: FileChooserRequest, token: String, answer: @escaping (FileChooserAnswer) -> Void) {
        self.request = request
        self.token = token
        self.answer = answer
    }
}
