import SIWAButtons
import SIWAModel

/// The image request as the network sends it: a path and a query (`/appleid/button?...`).
/// Every input is either a button or a `RequestError` that says what is wrong in one
/// line; a button lays out inside itself, its canonical URL reads back as the same
/// button, and it renders.
enum RequestTarget: FuzzTarget {
    static let name = "request"
    static let summary = "an image endpoint's path and query: refused with a clear error, or laid out, round-tripped and rendered"

    static var dictionary: [String] {
        let schema = ButtonSchema()
        var words = Endpoint.allCases.map(\.path) + ["?", "&", "=", "%", "%00", "%2F", "#", "https://appleid.cdn-apple.com"]
        for parameter in schema.parameters {
            words.append(parameter.name + "=")
            words += parameter.values ?? []
            words += [parameter.minimum, parameter.maximum].compactMap { $0 }.map(String.init)
        }
        return words + ButtonLocale.all.map(\.code)
    }

    static func run(_ input: [UInt8]) -> Bool {
        guard let target = String(fuzzInput: input) else { return false }
        let request: ButtonRequest
        do {
            request = try ButtonRequest.parse(target)
        } catch {
            checkRefusal(error, of: target)
            return true
        }
        let renderer = Self.renderer
        let layout = renderer.layout(request.spec)
        ButtonLayoutCheck.inside(layout, of: request.spec, target: target)

        let again: ButtonRequest
        do {
            again = try ButtonRequest.parse(request.canonicalTarget)
        } catch {
            FuzzFailure.check(false, "\(target): its canonical URL \(request.canonicalTarget) is refused: \(error)")
            return true
        }
        FuzzFailure.check(
            again.spec == request.spec && again.scale == request.scale && again.canonicalTarget == request.canonicalTarget,
            "\(target): its canonical URL \(request.canonicalTarget) reads back as \(again.canonicalTarget)")

        do {
            let bytes = try renderer.render(request.spec, format: request.format ?? .png, scale: 1)
            FuzzFailure.check(!bytes.isEmpty, "\(target): rendered to no bytes")
        } catch {
            FuzzFailure.check(false, "\(target): accepted, but rendering it failed: \(error)")
        }
        return true
    }

    /// A refusal names its parameter when one is at fault, and its message is one line
    /// with no control character (it is a 404's body and a log line).
    static func checkRefusal(_ error: RequestError, of target: String) {
        let namesParameter: Set<RequestError.Kind> = [.unknownParameter, .duplicateParameter, .missingParameter, .invalidValue]
        if namesParameter.contains(error.kind) {
            FuzzFailure.check(error.parameter.map { !$0.isEmpty } ?? false, "\(target): a \(error.kind) error names no parameter")
        }
        FuzzFailure.check(!error.message.isEmpty, "\(target): an empty error message")
        FuzzFailure.check(
            !error.message.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "\(target): a control character in the error message \(error.message.debugDescription)")
    }

    static let renderer: ButtonRenderer = {
        do { return try ButtonRenderer.shared() } catch { fatalError("no fonts to render with: \(error)") }
    }()
}

/// The layout's geometry: finite, and inside the button it belongs to.
enum ButtonLayoutCheck {
    /// Half a hundredth of a point: rounding, not overflow.
    static let slack = 0.005

    static func inside(_ layout: ButtonLayout, of spec: ButtonSpec, target: String) {
        let bounds = Rect(x: 0, y: 0, width: layout.width, height: layout.height)
        FuzzFailure.check(
            layout.width > 0 && layout.height > 0 && layout.width.isFinite && layout.height.isFinite, "\(target): size \(bounds)")
        check(layout.logo, in: bounds, "the logo", target)
        for shape in layout.shapes {
            check(shape.outline.rect, in: bounds, "a shape", target)
            FuzzFailure.check(
                shape.outline.radius.isFinite && shape.outline.radius >= 0
                    && shape.outline.radius <= min(shape.outline.rect.width, shape.outline.rect.height) / 2 + slack,
                "\(target): radius \(shape.outline.radius) of \(shape.outline.rect)")
        }
        if let label = layout.label {
            FuzzFailure.check(
                [label.x, label.baseline, label.advance, label.fontSize].allSatisfy(\.isFinite) && label.fontSize > 0,
                "\(target): label \(label)")
            FuzzFailure.check(
                label.x >= -slack && label.x + label.advance <= layout.width + slack && label.baseline > 0
                    && label.baseline <= layout.height + slack,
                "\(target): the title (x \(label.x), advance \(label.advance), baseline \(label.baseline)) leaves \(bounds)")
        }
    }

    static func check(_ rect: Rect, in bounds: Rect, _ what: String, _ target: String) {
        FuzzFailure.check(
            [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) && rect.width >= 0 && rect.height >= 0,
            "\(target): \(what) is \(rect)")
        FuzzFailure.check(
            rect.x >= bounds.x - slack && rect.y >= bounds.y - slack && rect.maxX <= bounds.maxX + slack
                && rect.maxY <= bounds.maxY + slack,
            "\(target): \(what) \(rect) leaves the button \(bounds)")
    }
}
