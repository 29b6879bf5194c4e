import Yams

/// What the readers of `--config` and `--labels` files ask of a YAML node.
extension Node {
    /// `~`, `null` or an empty plain scalar (`sign-in:`); a quoted `'null'` is text.
    var isPlainNull: Bool { null != nil && scalar?.style == .plain }

    /// `file:line:column` of the node for messages; the file alone without a mark.
    func place(in fileName: String) -> String {
        mark.map { "\(fileName):\($0.line):\($0.column)" } ?? fileName
    }
}
