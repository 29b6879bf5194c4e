import SIWAModel

/// `render REQUEST (-o|--output) FILE [--format png|webp|svg|pdf]`, each once, in any order,
/// and nothing else; nil for any other command line.
package struct PlainRender {
    package let job: RenderJob

    package init?(_ arguments: [String]) {
        guard arguments.first == "render" else { return nil }
        var request: String?, output: String?, format: OutputFormat?
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-o", "--output":
                guard output == nil, let value = rest.popFirst(), !value.isEmpty else { return nil }
                output = value
            case "--format":
                guard format == nil, let value = rest.popFirst(), let chosen = OutputFormat(rawValue: value) else { return nil }
                format = chosen
            default:
                guard request == nil, !argument.hasPrefix("-") else { return nil }
                request = argument
            }
        }
        guard let request, let output else { return nil }
        job = RenderJob(request: request, output: output, format: format)
    }
}
