/// Everything a front end needs to know about buttons, as data: the parameters of the
/// image endpoints (name, endpoints, type, range or values, default, Apple's or ours),
/// the locales with their titles, the styles, types and formats, and the web-flow
/// fields of the snippets. Served as `GET /api/schema`, printed by `siwa-buttons schema`
/// (JSON, or the Markdown table of docs/render.md); the editor builds its controls
/// and checks from it. The parser (`ButtonRequest`, `Parameter`) is the same data
/// enforced, so the two cannot disagree.
public struct ButtonSchema: Encodable, Sendable {
    /// One query parameter: its endpoints, type, bounds or choices and default.
    public struct ParameterEntry: Encodable, Sendable {
        /// The name in a query (`border_radius`, `format`).
        public let name: String
        /// `apple` (Apple's service takes it) or `ours`.
        public let origin: String
        /// The paths of the endpoints that take it.
        public let endpoints: [String]
        /// `integer`, `boolean`, `choice` or `token`.
        public let type: String
        /// The smallest value of an `integer` (`width`: 130); nil for the other types.
        public let minimum: Int?
        /// The largest value of an `integer` (`width`: 375); nil for the other types.
        public let maximum: Int?
        /// The values of a `choice`; nil for the other types.
        public let values: [String]?
        /// The value when it is not given; nil for `v`, which has none.
        public let `default`: Parameter.Value?
        /// One line for people: what it does.
        public let summary: String
    }

    /// One image endpoint and the parameters it takes.
    public struct EndpointEntry: Encodable, Sendable {
        /// The path (`/appleid/button/left`).
        public let path: String
        /// The layout it draws: `center`, `left` or `logo`.
        public let mode: String
        /// Apple's parameters of the endpoint, in Apple's order (also the canonical query's).
        public let parameters: [String]
        /// The layout's name for people (`Center-aligned`): the editor's and the gallery's
        /// (``ButtonSpec/Mode/displayName``). Not in the JSON of `GET /api/schema`.
        public let displayName: String

        private enum CodingKeys: String, CodingKey { case path, mode, parameters }
    }

    /// One of Apple's locales, with its titles and where they come from.
    public struct LocaleEntry: Encodable, Sendable {
        /// Apple's code (`iw_IL`).
        public let code: String
        /// An English name for pickers (`Chinese (Simplified)`).
        public let name: String
        /// BCP 47, for `lang` attributes.
        public let language: String
        /// `ltr` or `rtl`.
        public let direction: String
        /// By type (`sign-in`, `continue`, `sign-up`): what the buttons show.
        public let titles: [String: String]
        /// How sure we are of each title (``ButtonLocale/confidence``).
        public let confidence: String
        /// Where the titles were seen (``ButtonLocale/sources``).
        public let sources: String
    }

    /// One named style (`color` and `border` together).
    public struct StyleEntry: Encodable, Sendable {
        /// `black`, `white` or `white-outline`.
        public let name: String
        /// Its `color` value.
        public let color: String
        /// Its `border` value.
        public let border: Bool
    }

    /// A platform layout of `generate --presets` (and the ZIP export).
    public struct PresetEntry: Encodable, Sendable {
        /// The name `--presets` takes (`react-native`).
        public let name: String
        /// One line for people: what the preset's folder holds.
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
        /// The value of `format=` (`webp`).
        public let name: String
        /// The media type the image endpoints answer with (`image/webp`).
        public let mediaType: String
        /// The file name's extension (`xml` for `vectordrawable`).
        public let fileExtension: String
        /// Pixels (PNG, WebP): one file per scale; the vector formats come once, at 1x.
        public let raster: Bool
        /// The format's name for people (`VectorDrawable`): the editor's and the gallery's
        /// (``OutputFormat/displayName``). Not in the JSON of `GET /api/schema`.
        public let displayName: String

        private enum CodingKeys: String, CodingKey { case name, mediaType, fileExtension, raster }
    }

    /// A field of the web flow (Sign in with Apple JS settings) the snippets need.
    public struct WebFlowField: Encodable, Sendable {
        /// The snippet API's query parameter (`client-id`).
        public let name: String
        /// The kind of value: `text`, `url`, `scope` or `boolean` (the generator's fields).
        public let type: String
        /// Whether a snippet cannot be made without it.
        public let required: Bool
        /// The longest value accepted, in UTF-8 bytes; nil for no limit of its own.
        public let maxBytes: Int?
        /// The words it is made of (`scope`: `name`, `email`); nil for free text.
        public let values: [String]?
        /// The value when it is not given; nil for none.
        public let `default`: Parameter.Value?
        /// One line for people: what it is and what it accepts.
        public let summary: String

        /// A field as the generator's `WebFlowSettings.schemaFields` lists it.
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

    /// Apple's parameters in `Parameter` order, then ours: `format` and `v`.
    public let parameters: [ParameterEntry]
    /// Apple's three image endpoints.
    public let endpoints: [EndpointEntry]
    /// The values of `type`: `sign-in`, `continue`, `sign-up`.
    public let types: [String]
    /// The three styles Apple allows.
    public let styles: [StyleEntry]
    /// The values of `logo-size`: `small`, `medium`, `large`.
    public let logoSizes: [String]
    /// The values of `format=`, with their media types.
    public let formats: [FormatEntry]
    /// Apple's 37 locales with the titles the renderer draws.
    public let locales: [LocaleEntry]
    /// The platform layouts of `generate --presets`.
    public let presets: [PresetEntry]
    /// The snippets' web-flow settings (empty unless the caller gives them).
    public let webFlow: [WebFlowField]
    /// The `v=` token a service writes into new image URLs (the editor's too); absent
    /// when it takes none. Not part of the schema `siwa-buttons schema` prints.
    public var cacheVersion: String?

    /// The schema of this build, with the titles and web-flow fields given.
    ///
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
                    "The encoding: PNG or lossless WebP at `scale`, or SVG or PDF (the size in points times `scale`) or Android VectorDrawable (in dp), text as outlines."
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
            EndpointEntry(
                path: $0.path, mode: $0.mode.rawValue, parameters: $0.parameters.map(\.name),
                displayName: $0.mode.displayName)
        }
        types = ButtonSpec.Kind.allCases.map(\.rawValue)
        styles = ButtonStyle.allCases.map { StyleEntry(name: $0.rawValue, color: $0.color.rawValue, border: $0.border) }
        logoSizes = ButtonSpec.LogoSize.allCases.map(\.rawValue)
        formats = OutputFormat.allCases.map {
            FormatEntry(
                name: $0.rawValue, mediaType: $0.mediaType, fileExtension: $0.fileExtension, raster: $0.isRaster,
                displayName: $0.displayName)
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
    /// Encodes the bare value: a JSON number, boolean or string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let n): try container.encode(n)
        case .flag(let b): try container.encode(b)
        case .text(let t): try container.encode(t)
        }
    }
}
