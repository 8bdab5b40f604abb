import DrawingBoard

/// Runs work with the renderer's row bands on one core, for rows that pair ours with an anchor
/// that has one thread (cairo's image backend, Pillow).
func onOneCore<Result>(_ body: () -> Result) -> Result {
    let cores = RowBands.cores
    RowBands.cores = 1
    defer { RowBands.cores = cores }
    return body()
}
