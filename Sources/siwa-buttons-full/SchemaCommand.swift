import ArgumentParser
import Foundation
import SIWAButtons
import SIWAGenerator
import SIWARenderJob

/// `siwa-buttons schema`: what `GET /api/schema` serves, for tools and docs.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the button schema: parameters, endpoints, locales and titles, styles, formats, web-flow fields.",
        discussion: """
            JSON by default (the same as GET /api/schema); --markdown prints the parameter
            table of docs/render.md.
            """
    )

    @Flag(help: "The parameter table as Markdown instead of the whole schema as JSON.")
    var markdown = false

    func run() throws {
        let schema = ButtonSchema(webFlow: WebFlowSettings.schemaFields)
        if markdown {
            try StandardOutput.write(Array(schema.parameterTable.utf8))
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            try StandardOutput.write(Array(try encoder.encode(schema)) + [0x0A])
        }
    }
}
