import CCairo

extension VectorPath {
    /// Cairo's path (`cairo_copy_path`, user space) as our path type.
    init(_ path: cairo_path_t) {
        var segments: [Segment] = []
        var i = 0
        while i < Int(path.num_data) {
            let header = path.data[i].header
            func point(_ n: Int) -> (x: Double, y: Double) { (path.data[i + n].point.x, path.data[i + n].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                // Cairo follows each close with a move to the contour's start; a move
                // that nothing draws from is dropped.
                if case .move = segments.last { segments.removeLast() }
                segments.append(.move(x: point(1).x, y: point(1).y))
            case CAIRO_PATH_LINE_TO:
                segments.append(.line(x: point(1).x, y: point(1).y))
            case CAIRO_PATH_CURVE_TO:
                let (c1, c2, end) = (point(1), point(2), point(3))
                segments.append(.curve(x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y, x: end.x, y: end.y))
            case CAIRO_PATH_CLOSE_PATH:
                segments.append(.close)
            default:
                break
            }
            i += Int(header.length)
        }
        if case .move = segments.last { segments.removeLast() }
        self.init(segments)
    }

    /// Appends the path to `cr`'s current path (in its user space).
    func append(to cr: OpaquePointer) {
        for segment in segments {
            switch segment {
            case .move(let x, let y): cairo_move_to(cr, x, y)
            case .line(let x, let y): cairo_line_to(cr, x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(cr, x1, y1, x2, y2, x, y)
            case .close: cairo_close_path(cr)
            }
        }
    }
}
