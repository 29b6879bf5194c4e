/// Everything a front end needs to know about buttons, as data: the parameters of the
/// image endpoints (name, endpoints, type, range or values, default, Apple's or ours),
/// the locales with their titles, the styles, types and formats, and the web-flow
/// fields of the snippets. Served as `GET /api/schema`, printed by `siwa-buttons schema`
/// (JSON, or the Markdown table of docs/reference.md); the editor builds its controls
/// and checks from it. The parser (`ButtonRequest`, `Parameter`) is the same data
/// enforced, so the two cannot disagree.
public struct ButtonSchema: Encodable, Sendable {
    /// One query parameter: its endpoints, type, bounds or choices and default.
    public struct ParameterEntry: Encodable, Sendable {
        public let name: String
        /// `apple` (Apple's service takes it) or `ours`.
        public let origin: String
        public let endpoints: [String]
        /// `integer`, `boolean`, `choice` or `token`.
        public let type: String
        public let minimum: Int?
        public let maximum: Int?
        public let values: [String]?
        public let `default`: Parameter.Value?
        public let summary: String
    }

    /// One image endpoint and the parameters it takes.
    public struct EndpointEntry: Encodable, Sendable {
        public let path: String
        public let mode: String
        /// Apple's parameters of the endpoint, in Apple's order (also the canonical query's).
        public let parameters: [String]
    }

    /// One of Apple's locales, with its titles and where they come from.
    public struct LocaleEntry: Encodable, Sendable {
        public let code: String
        public let name: String
        /// BCP 47, for `lang` attributes.
        public let language: String
        /// `ltr` or `rtl`.
        public let direction: String
        /// By type (`sign-in`, `continue`, `sign-up`): what the buttons show.
        public let titles: [String: String]
        public let confidence: String
        public let sources: String
    }

    /// One named style (`color` and `border` together).
    public struct StyleEntry: Encodable, Sendable {
        public let name: String
        public let color: String
        public let border: Bool
    }

    /// A platform layout of `generate --presets` (and the ZIP export).
    public struct PresetEntry: Encodable, Sendable {
        public let name: String
        public let summary: String
        /// The formats the preset can hold.
        public let formats: [String]
        /// What it holds when no formats are asked for (the editor ticks these).
        public let defaultFormats: [String]
        /// What it takes of `formats=best`.
        public let bestFormats: [String]
    }

    /// One output format: media type, extension, raster or vector.
    public struct FormatEntry: Encodable, Sendable {
        public let name: String
        public let mediaType: String
        /// The file name's extension (`xml` for `vectordrawable`).
        public let fileExtension: String
        /// Pixels (PNG, WebP): one file per scale; the vector formats come once, at 1x.
        public let raster: Bool
    }

    /// A field of the web flow (Sign in with Apple JS settings) the snippets need.
    public struct WebFlowField: Encodable, Sendable {
        public let name: String
        public let type: String
        public let required: Bool
        public let maxBytes: Int?
        public let values: [String]?
        public let `default`: Parameter.Value?
        public let summary: String

        public init(
            name: String, type: String, required: Bool, maxBytes: Int? = nil, values: [String]? = nil,
            default: Parameter.Value? = nil, summary: String
        ) {
            self.name = name
            self.type = type
            self.required = required
            self.maxBytes = maxBytes
            self.values = values
            self.default = `default`
            self.summary = summary
        }
    }

    public let parameters: [ParameterEntry]
    public let endpoints: [EndpointEntry]
    public let types: [String]
    public let styles: [StyleEntry]
    public let logoSizes: [String]
    public let formats: [FormatEntry]
    public let locales: [LocaleEntry]
    public let presets: [PresetEntry]
    public let webFlow: [WebFlowField]
    /// The `v=` token a service writes into new image URLs (the editor's too); absent
    /// when it takes none. Not part of the schema `siwa-buttons schema` prints.
    public var cacheVersion: String?

    /// - Parameters:
    ///   - titles: the titles the renderer draws (`--labels` may replace some).
    ///   - webFlow: the snippet settings (the generator's `WebFlowSettings.schemaFields`).
    public init(titles: TitleTable = .standard, webFlow: [WebFlowField] = []) {
        var parameters = Parameter.allCases.map(Self.entry)
        parameters.append(
            ParameterEntry(
                name: "format", origin: "ours", endpoints: Endpoint.allCases.map(\.path), type: "choice", minimum: nil,
                maximum: nil, values: OutputFormat.allCases.map(\.rawValue), default: .text(OutputFormat.default.rawValue),
                summary:
                    "The encoding: PNG or lossless WebP at `scale`, or SVG, PDF or Android VectorDrawable at the size in points (text as outlines)."
            ))
        parameters.append(
            ParameterEntry(
                name: ButtonRequest.cacheBustingParameter, origin: "ours", endpoints: Endpoint.allCases.map(\.path),
                type: "token", minimum: nil, maximum: nil, values: nil, default: nil,
                summary:
                    "Cache busting: 1-32 letters, digits, '.', '_', '-' or '~', ignored by the renderer. A server takes only the tokens it is configured with (`serve --cache-version`), else it answers 404."
            ))
        self.parameters = parameters
        endpoints = Endpoint.allCases.map {
            EndpointEntry(path: $0.path, mode: $0.mode.rawValue, parameters: $0.parameters.map(\.name))
        }
        types = ButtonSpec.Kind.allCases.map(\.rawValue)
        styles = ButtonStyle.allCases.map { StyleEntry(name: $0.rawValue, color: $0.color.rawValue, border: $0.border) }
        logoSizes = ButtonSpec.LogoSize.allCases.map(\.rawValue)
        formats = OutputFormat.allCases.map {
            FormatEntry(name: $0.rawValue, mediaType: $0.mediaType, fileExtension: $0.fileExtension, raster: $0.isRaster)
        }
        locales = ButtonLocale.all.map { locale in
            LocaleEntry(
                code: locale.code, name: locale.name, language: locale.bcp47,
                direction: locale.isRightToLeft ? "rtl" : "ltr",
                titles: Dictionary(
                    uniqueKeysWithValues: ButtonSpec.Kind.allCases.map {
                        ($0.rawValue, titles.title($0, in: locale))
                    }),
                confidence: locale.confidence, sources: locale.sources)
        }
        presets = Preset.allCases.map {
            PresetEntry(
                name: $0.rawValue, summary: $0.summary, formats: $0.formats.map(\.rawValue),
                defaultFormats: $0.defaultFormats.map(\.rawValue), bestFormats: $0.bestFormats.map(\.rawValue))
        }
        self.webFlow = webFlow
    }

    private static func entry(_ parameter: Parameter) -> ParameterEntry {
        var type = "choice", minimum: Int?, maximum: Int?, values: [String]?
        switch parameter.domain {
        case .integer(let range):
            type = "integer"
            minimum = range.lowerBound
            maximum = range.upperBound
        case .choice(let choices):
            if parameter == .border { type = "boolean" } else { values = choices }
        }
        return ParameterEntry(
            name: parameter.name, origin: "apple", endpoints: parameter.endpoints.map(\.path),
            type: type, minimum: minimum, maximum: maximum, values: values,
            default: parameter.defaultTypedValue, summary: parameter.summary)
    }
}

extension Parameter.Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let n): try container.encode(n)
        case .flag(let b): try container.encode(b)
        case .text(let t): try container.encode(t)
        }
    }
}
