import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// `generate --presets`: each platform's folder layout, names and pixel sizes as the
/// platform's tools resolve them, and the file count the limits rely on.
@Suite struct PresetTests {
    /// Centre and logo-only, black (with a dark twin) and white (its own twin), en_US, 250x44.
    static func configuration(_ presets: [Preset], formats: [OutputFormat]? = nil) -> GeneratorConfiguration {
        var config = GeneratorConfiguration()
        config.modes = [.center, .logo]
        config.types = [.signIn]
        config.styles = [.black, .white]
        config.presets = presets
        if let formats {
            config.formats = formats
            config.formatsAskedFor = true
        }
        return config
    }

    static func withWeb(_ config: GeneratorConfiguration) -> GeneratorConfiguration {
        var config = config
        config.web.clientId = hostileClientId
        config.web.redirectURI = "https://example.com/auth/apple?from='mail'"
        return config
    }

    /// Generates and checks what every preset run must hold: the count `fileCount`
    /// promised, the manifest agreeing with the files, each entry's preset.
    static func generated(_ config: GeneratorConfiguration) throws -> (TemporaryFolder, Manifest) {
        let folder = try TemporaryFolder()
        let report = try generator(config).generate(into: folder.url)
        let written = folder.files()
        #expect(Generator.fileCount(config, snippets: (try? config.web.settings()) != nil) == written.count)
        #expect(try filesDifferingFromManifest(folder.url).isEmpty)
        #expect(Set(report.manifest.files.map(\.path) + report.manifest.pages.map(\.path) + ["manifest.json"]) == Set(written))
        for entry in report.manifest.files {
            #expect(entry.path.hasPrefix("\(entry.preset ?? "?")/"), "\(entry.path)")
        }
        return (folder, report.manifest)
    }

    // MARK: android

    /// Density folders at 1x-4x with exact pixel sizes (250x44 at hdpi: 375x66, rounded
    /// half up), `-night` for the dark look where the style has one, valid names.
    @Test("Android densities") func androidDensities() throws {
        let (folder, manifest) = try Self.generated(Self.configuration([.android], formats: [.png]))
        let files = folder.files().filter { $0.hasPrefix("android/") }
        let expected: [String: Double] = ["mdpi": 1, "hdpi": 1.5, "xhdpi": 2, "xxhdpi": 3, "xxxhdpi": 4]
        for path in files {
            let parts = path.split(separator: "/").map(String.init)
            #expect(parts.count == 4 && parts[1] == "res", "\(path)")
            let name = (parts[3] as NSString).deletingPathExtension
            #expect(name.wholeMatch(of: /[a-z][a-z0-9_]*/) != nil, "\(path)")
            let density = try #require(parts[2].split(separator: "-").last.map(String.init))
            let scale = try #require(expected[density], "\(path)")
            let size = try #require(pngSize(folder.bytes(path)))
            let side = name.contains("logo") ? (44.0, 44.0) : (250.0, 44.0)
            #expect(size.width == Int((side.0 * scale).rounded()) && size.height == Int((side.1 * scale).rounded()), "\(path)")
        }
        #expect(pngSize(folder.bytes("android/res/drawable-hdpi/siwa_sign_in_black_en_us.png"))! == (375, 66))
        // Black turns white at night; white has no other look, so no night resource.
        #expect(files.contains("android/res/drawable-night-xxxhdpi/siwa_sign_in_black_en_us.png"))
        #expect(files.contains("android/res/drawable-night-mdpi/siwa_logo_black.png"))
        #expect(!files.contains { $0.contains("night") && $0.contains("white") })
        #expect(files.count == (2 + 1) * 5 * 2)  // (black + its night, white) x 5 densities x (sign-in, logo)
        // The night PNG is the white button's pixels.
        #expect(
            folder.bytes("android/res/drawable-night-xhdpi/siwa_sign_in_black_en_us.png")
                == folder.bytes("android/res/drawable-xhdpi/siwa_sign_in_white_en_us.png"))
        let hdpi = try #require(manifest.files.first { $0.path == "android/res/drawable-hdpi/siwa_sign_in_black_en_us.png" })
        #expect(hdpi.density == 1.5 && hdpi.scale == 2 && hdpi.width == 375 && hdpi.height == 66 && hdpi.preset == "android")
        #expect(manifest.files.filter { !$0.path.contains("hdpi/") || $0.path.contains("xhdpi") }.allSatisfy { $0.density == nil })
    }

    /// Several locales: the locale leaves the name for the folder, in Android's
    /// qualifier order (locale, night, density), with Android's codes for Hebrew and
    /// Indonesian, and the unqualified folders hold the first locale.
    @Test("Android locale folders") func androidLocaleFolders() throws {
        var config = Self.configuration([.android], formats: [.png])
        config.locales = ["de_DE", "iw_IL", "id_ID", "zh_CN", "en_US"].map { ButtonLocale(code: $0)! }
        let assets = config.variants.flatMap {
            AndroidPreset(
                PresetContext(configuration: config, formats: [.png], titles: .standard, web: nil, snippets: false, templates: nil)
            ).files(for: $0).assets
        }
        let folders = Set(assets.map { $0.path.split(separator: "/")[1] })
        let qualifiers = /drawable(-(de|iw|in|zh-rCN|en-rUS))?(-night)?-(mdpi|hdpi|xhdpi|xxhdpi|xxxhdpi)/
        #expect(folders.allSatisfy { $0.wholeMatch(of: qualifiers) != nil }, "\(folders.sorted())")
        for folder in [
            "drawable-de-night-hdpi", "drawable-iw-mdpi", "drawable-in-xxhdpi", "drawable-zh-rCN-night-xxxhdpi", "drawable-hdpi",
        ] {
            #expect(folders.contains(Substring(folder)), "\(folder)")
        }
        // The default folders hold the first locale's buttons under the same names.
        let byPath = Dictionary(uniqueKeysWithValues: assets.map { ($0.path, $0) })
        let fallback = try #require(byPath["res/drawable-hdpi/siwa_sign_in_black.png"])
        #expect(fallback.spec == byPath["res/drawable-de-hdpi/siwa_sign_in_black.png"]?.spec && fallback.spec.locale.code == "de_DE")
        #expect(byPath["res/drawable-iw-hdpi/siwa_sign_in_black.png"]?.spec.locale.code == "iw_IL")
        // The logo-only button has no title: unqualified folders only.
        #expect(assets.filter { $0.path.contains("logo") }.allSatisfy { !$0.path.contains("-de") && !$0.path.contains("-zh") })
        #expect(Set(assets.map(\.path)).count == assets.count)
    }

    /// Every one of Apple's 37 locales has its own valid qualifier.
    @Test("Android qualifiers of every locale") func androidQualifiersOfEveryLocale() {
        let qualifiers = ButtonLocale.all.map(AndroidPreset.localeQualifier)
        #expect(Set(qualifiers).count == 37)
        #expect(qualifiers.allSatisfy { $0.wholeMatch(of: /[a-z]{2}(-r[A-Z]{2})?/) != nil })
        #expect(AndroidPreset.localeQualifier(ButtonLocale(code: "zh_TW")!) == "zh-rTW")
        #expect(AndroidPreset.localeQualifier(ButtonLocale(code: "no_NO")!) == "nb")
        #expect(AndroidPreset.localeQualifier(ButtonLocale(code: "ja_JP")!) == "ja")
    }

    /// The android preset's VectorDrawables, written from the vector scene.
    @Test("Android vector drawables") func androidVectorDrawables() throws {
        let (folder, _) = try Self.generated(Self.configuration([.android]))
        let vectors = folder.files().filter { $0.hasSuffix(".xml") }
        #expect(vectors.count == 3 * 2)  // black, its night look, white; sign-in and logo
        #expect(
            vectors.allSatisfy {
                $0.hasPrefix("android/res/drawable-anydpi-v21/") || $0.hasPrefix("android/res/drawable-night-anydpi-v21/")
            })
        for path in vectors {
            let document = try XMLDocument(data: Data(folder.bytes(path)))
            #expect(document.rootElement()?.name == "vector", "\(path)")
        }
        // Vector alone: the unqualified folders.
        let (only, _) = try Self.generated(Self.configuration([.android], formats: [.vectorDrawable]))
        #expect(
            only.files().filter { $0.hasSuffix(".xml") }.map { $0.split(separator: "/")[2] }.allSatisfy {
                $0 == "drawable" || $0 == "drawable-night"
            })
    }

    // MARK: ios

    /// Apple's Asset Catalog Format Reference (Image Set Type), as a whitelist: the keys
    /// each level may have and the values they may take, with Xcode's localization keys
    /// (an image's `locale`, the set's `"localizable" : true`: what Xcode 11+ writes for a
    /// localized imageset). Each slot (locale, scale, appearance) holds one image, and a
    /// localized set has the default slots in every locale.
    static func checkCatalog(_ folder: TemporaryFolder, vector: Bool) throws -> [String: [[String: Any]]] {
        let catalog = "ios/Buttons.xcassets"
        let info: NSDictionary = ["author": "xcode", "version": 1]
        let root = try JSONSerialization.jsonObject(with: Data(folder.bytes(catalog + "/Contents.json"))) as! [String: Any]
        #expect(Set(root.keys) == ["info"] && (root["info"] as? NSDictionary) == info)
        var imagesets: [String: [[String: Any]]] = [:]
        for path in folder.files() where path.hasPrefix(catalog + "/") && path.hasSuffix(".imageset/Contents.json") {
            let set = (path as NSString).deletingLastPathComponent
            let contents = try JSONSerialization.jsonObject(with: Data(folder.bytes(path))) as! [String: Any]
            #expect(Set(contents.keys).isSubset(of: ["images", "info", "properties"]), "\(path)")
            #expect((contents["info"] as? NSDictionary) == info)
            let images = try #require(contents["images"] as? [[String: Any]])
            var slots: [String: Set<String>] = [:]
            for image in images {
                #expect(Set(image.keys).isSubset(of: ["filename", "idiom", "scale", "appearances", "locale"]), "\(path)")
                #expect(image["idiom"] as? String == "universal")
                if vector {
                    #expect(image["scale"] == nil)
                } else {
                    #expect(["1x", "2x", "3x"].contains(image["scale"] as? String ?? ""))
                }
                if let appearances = image["appearances"] {
                    #expect((appearances as? NSArray) == [["appearance": "luminosity", "value": "dark"]] as NSArray)
                }
                if let locale = image["locale"] {
                    #expect(xcodeLanguages.contains(locale as? String ?? ""), "\(path): \(locale)")
                }
                let slot = "\(image["scale"] ?? "-") \(image["appearances"] == nil ? "any" : "dark")"
                #expect(slots[image["locale"] as? String ?? "", default: []].insert(slot).inserted, "\(path): \(slot) twice")
                let file = try #require(image["filename"] as? String)
                #expect(FileManager.default.fileExists(atPath: folder(set + "/" + file).path), "\(set)/\(file)")
            }
            #expect(slots.values.allSatisfy { $0 == slots[""] }, "\(path): a locale lacks a slot the default has")
            var properties: [String: Bool] = [:]
            if vector { properties["preserves-vector-representation"] = true }
            if slots.count > 1 { properties["localizable"] = true }
            #expect((contents["properties"] as? [String: Bool] ?? [:]) == properties, "\(path)")
            // Every file of the imageset is listed.
            let listed = Set(images.compactMap { $0["filename"] as? String } + ["Contents.json"])
            #expect(Set(folder.files().filter { $0.hasPrefix(set + "/") }.map { String($0.dropFirst(set.count + 1)) }) == listed)
            imagesets[(set as NSString).lastPathComponent] = images
        }
        return imagesets
    }

    /// Xcode's localization identifiers of Apple's 37 button languages (Xcode's language list).
    static let xcodeLanguages: Set<String> = [
        "ar", "ca", "cs", "da", "de", "el", "en", "en-GB", "es", "es-MX", "fi", "fr", "fr-CA", "he", "hr", "hu", "id",
        "it", "ja", "ko", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sv", "th", "tr", "uk", "vi",
        "zh-Hans", "zh-HK", "zh-Hant",
    ]

    @Test("Xcode language identifiers") func xcodeLanguageIdentifiers() {
        #expect(Set(ButtonLocale.all.map(PlatformLocale.xcode)) == Self.xcodeLanguages)
    }

    @Test("iOS asset catalog") func iosAssetCatalog() throws {
        let (folder, _) = try Self.generated(Self.configuration([.ios]))
        let sets = try Self.checkCatalog(folder, vector: false)
        #expect(
            Set(sets.keys) == [
                "siwa-sign-in-black.imageset", "siwa-sign-in-white.imageset",
                "siwa-logo-black.imageset", "siwa-logo-white.imageset",
            ])
        #expect(sets["siwa-sign-in-black.imageset"]?.count == 6)  // 1x-3x, and the dark look's
        #expect(sets["siwa-sign-in-white.imageset"]?.count == 3)
        #expect(sets["siwa-sign-in-black.imageset"]?.filter { $0["appearances"] != nil }.count == 3)
        let set = "ios/Buttons.xcassets/siwa-sign-in-black.imageset/"
        #expect(pngSize(folder.bytes(set + "siwa-sign-in-black-en_US@3x.png"))! == (750, 132))
        #expect(pngSize(folder.bytes(set + "siwa-sign-in-black-en_US.png"))! == (250, 44))
        // The dark look is the white button.
        #expect(
            folder.bytes(set + "siwa-sign-in-black-en_US-dark@2x.png")
                == folder.bytes("ios/Buttons.xcassets/siwa-sign-in-white.imageset/siwa-sign-in-white-en_US@2x.png"))
    }

    /// Several locales: still one imageset per button; the first locale fills the default
    /// slots (no `locale`), each other its own, in Xcode's words and Xcode's layout.
    @Test("iOS localized imagesets") func iosLocalizedImagesets() throws {
        var config = Self.configuration([.ios])
        config.locales = ["de_DE", "en_US", "zh_TW", "iw_IL"].map { ButtonLocale(code: $0)! }
        let (folder, _) = try Self.generated(config)
        let sets = try Self.checkCatalog(folder, vector: false)
        #expect(
            Set(sets.keys) == [
                "siwa-sign-in-black.imageset", "siwa-sign-in-white.imageset",
                "siwa-logo-black.imageset", "siwa-logo-white.imageset",
            ])
        let black = try #require(sets["siwa-sign-in-black.imageset"])
        #expect(black.count == 4 * 6)
        #expect(
            black.compactMap { $0["locale"] as? String }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                == ["en", "zh-Hant", "he"])
        let byFile = Dictionary(uniqueKeysWithValues: black.map { ($0["filename"] as! String, $0) })
        #expect(byFile["siwa-sign-in-black-de_DE@2x.png"]?["locale"] == nil)  // the development language: the default
        #expect(byFile["siwa-sign-in-black-iw_IL-dark@3x.png"]?["locale"] as? String == "he")
        // Each locale's images are that locale's button.
        let set = "ios/Buttons.xcassets/siwa-sign-in-black.imageset/"
        #expect(folder.bytes(set + "siwa-sign-in-black-zh_TW@2x.png") != folder.bytes(set + "siwa-sign-in-black-de_DE@2x.png"))
        // The logo-only button has no title: one set, not localized.
        #expect(sets["siwa-logo-black.imageset"]?.allSatisfy { $0["locale"] == nil } == true)
        // Written as Xcode writes it: `"key" : value`, two spaces, keys sorted, scale by scale, light then dark.
        let text = String(decoding: folder.bytes(set + "Contents.json"), as: UTF8.self)
        #expect(
            text.hasPrefix(
                """
                {
                  "images" : [
                    {
                      "filename" : "siwa-sign-in-black-de_DE.png",
                      "idiom" : "universal",
                      "scale" : "1x"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "filename" : "siwa-sign-in-black-de_DE-dark.png",
                      "idiom" : "universal",
                      "scale" : "1x"
                    },
                """))
        #expect(
            text.hasSuffix(
                """
                  "properties" : {
                    "localizable" : true
                  }
                }

                """))
    }

    /// `--ios-imagesets per-locale`: an imageset per button and locale, as before.
    @Test("iOS per locale imagesets") func iosPerLocaleImagesets() throws {
        var config = Self.configuration([.ios])
        config.locales = ["en_US", "de_DE"].map { ButtonLocale(code: $0)! }
        config.imagesets = .perLocale
        let (folder, _) = try Self.generated(config)
        let sets = try Self.checkCatalog(folder, vector: false)
        #expect(
            Set(sets.keys) == [
                "siwa-sign-in-black-en_US.imageset", "siwa-sign-in-black-de_DE.imageset",
                "siwa-sign-in-white-en_US.imageset", "siwa-sign-in-white-de_DE.imageset",
                "siwa-logo-black.imageset", "siwa-logo-white.imageset",
            ])
        #expect(sets.values.joined().allSatisfy { $0["locale"] == nil })
    }

    @Test("iOS vector catalog") func iosVectorCatalog() throws {
        var config = Self.configuration([.ios], formats: [.pdf])
        config.locales = ["en_US", "ar_SA"].map { ButtonLocale(code: $0)! }
        let (folder, _) = try Self.generated(config)
        let sets = try Self.checkCatalog(folder, vector: true)
        #expect(
            sets["siwa-sign-in-black.imageset"]?.compactMap { $0["filename"] as? String }.sorted()
                == [
                    "siwa-sign-in-black-ar_SA-dark.pdf", "siwa-sign-in-black-ar_SA.pdf",
                    "siwa-sign-in-black-en_US-dark.pdf", "siwa-sign-in-black-en_US.pdf",
                ])
        #expect(folder.files().filter { $0.hasSuffix(".png") }.isEmpty)
    }

    // MARK: flutter, react-native, email

    /// Flutter resolves `assets/siwa/NAME.png` to `assets/siwa/2.0x/NAME.png` and
    /// `3.0x/NAME.png` (same name, variant folder beside the main asset).
    @Test("Flutter variant folders") func flutterVariantFolders() throws {
        let (folder, _) = try Self.generated(Self.configuration([.flutter]))
        let base = "flutter/assets/siwa/"
        let mains = folder.files().filter { $0.hasPrefix(base) && !$0.dropFirst(base.count).contains("/") }
        #expect(mains.count == 4)
        for main in mains {
            let name = (main as NSString).lastPathComponent
            let one = try #require(pngSize(folder.bytes(main)))
            for scale in [2, 3] {
                let variant = try #require(pngSize(folder.bytes("\(base)\(scale).0x/\(name)")), "\(name) @\(scale)x")
                #expect(variant.width == one.width * scale && variant.height == one.height * scale)
            }
        }
        #expect(String(decoding: folder.bytes("flutter/pubspec-fragment.yaml"), as: UTF8.self).contains("    - assets/siwa/\n"))
    }

    /// Metro resolves `require('./NAME.png')` to `NAME@2x.png` / `NAME@3x.png` beside it:
    /// the name before `@` holds no `@` or `.`.
    @Test("React native scale suffixes") func reactNativeScaleSuffixes() throws {
        let (folder, _) = try Self.generated(Self.configuration([.reactNative]))
        let files = folder.files().filter { $0.hasPrefix("react-native/") }.map { String($0.dropFirst("react-native/".count)) }
        let mains = files.filter { !$0.contains("@") }
        #expect(mains.count == 4 && files.count == 12)
        for main in mains {
            let stem = String(main.dropLast(4))
            #expect(stem.wholeMatch(of: /[A-Za-z0-9_-]+/) != nil, "\(main)")
            let one = try #require(pngSize(folder.bytes("react-native/" + main)))
            for scale in [2, 3] {
                let size = try #require(pngSize(folder.bytes("react-native/\(stem)@\(scale)x.png")))
                #expect(size.width == one.width * scale)
            }
        }
    }

    /// PNG @2x only, an HTML fragment with the 1x size, the title as `alt`, the
    /// authorize link escaped; no SVG.
    @Test("Email fragments") func emailFragments() throws {
        let (folder, _) = try Self.generated(Self.withWeb(Self.configuration([.email])))
        let files = folder.files().filter { $0.hasPrefix("email/") }
        #expect(
            files.sorted() == [
                "email/siwa-logo-black.html", "email/siwa-logo-black@2x.png", "email/siwa-logo-white.html",
                "email/siwa-logo-white@2x.png", "email/siwa-sign-in-black-en_US.html",
                "email/siwa-sign-in-black-en_US@2x.png", "email/siwa-sign-in-white-en_US.html",
                "email/siwa-sign-in-white-en_US@2x.png",
            ])
        #expect(pngSize(folder.bytes("email/siwa-sign-in-black-en_US@2x.png"))! == (500, 88))
        let html = String(decoding: folder.bytes("email/siwa-sign-in-black-en_US.html"), as: UTF8.self)
        #expect(html.contains("<img src=\"siwa-sign-in-black-en_US@2x.png\" width=\"250\" height=\"44\" alt=\"Sign in with Apple\""))
        #expect(html.hasPrefix("<a href=\"https://appleid.apple.com/auth/authorize?client_id=a%22%3C%2Fscript%3E"))
        #expect(html.contains("&amp;redirect_uri=https%3A%2F%2Fexample.com") && !html.contains("<script"))
        #expect(!html.lowercased().contains("svg"))
        #expect(String(decoding: folder.bytes("email/siwa-logo-black.html"), as: UTF8.self).contains("width=\"44\" height=\"44\""))
    }

    // MARK: together

    /// All presets in one set: one folder each, one manifest and gallery at the root,
    /// the web layout's snippets in `web/`, the count exact.
    @Test("All presets together") func allPresetsTogether() throws {
        var config = Self.withWeb(Self.configuration([.web, .ios, .flutter, .reactNative, .email]))
        config.formats = [.png]
        config.formatsAskedFor = true
        let (folder, manifest) = try Self.generated(config)
        let tops = Set(folder.files().map { $0.split(separator: "/").count == 1 ? $0 : String($0.split(separator: "/")[0]) })
        #expect(tops == ["index.html", "gallery.js", "manifest.json", "web", "ios", "flutter", "react-native", "email"])
        #expect(manifest.pages.contains { $0.path == "web/snippet.html" && $0.preset == "web" })
        #expect(manifest.pages.contains { $0.path == "ios/Buttons.xcassets/Contents.json" && $0.preset == "ios" })
        let gallery = String(decoding: folder.bytes("index.html"), as: UTF8.self)
        #expect(
            gallery.contains("react-native/siwa-sign-in-black-en_US%402x.png")
                || gallery.contains("react-native/siwa-sign-in-black-en_US@2x.png"))
        // The gallery links the snippets where they are: in the web layout's folder.
        #expect(gallery.contains(#"<a href="web/snippet.html">"#) && !gallery.contains(#"<a href="snippet.html">"#))
        #expect(folder.files().contains("web/snippet.html"))
    }

    /// Presets are counted exactly, also for a bigger matrix than the tests render.
    @Test("File count without rendering") func fileCountWithoutRendering() throws {
        var config = Self.withWeb(GeneratorConfiguration())
        config.locales = ButtonLocale.all
        config.presets = [.web, .android, .ios, .flutter, .reactNative, .email]
        let plan = try SetPlan(
            config, titles: .standard, templates: try TemplateSet.load(override: nil),
            web: try config.web.settings())
        // + the gallery's pages (one per language here), gallery.js, manifest.json
        #expect(GalleryPage.paths(config).count == 37)
        #expect(Generator.fileCount(config, snippets: true) == plan.assets.count + plan.texts.count + 37 + 2)
    }

    // MARK: names and bad input

    @Test("Flat names") func flatNames() throws {
        let folder = try TemporaryFolder()
        var config = GeneratorConfiguration()
        config.styles = [.black]
        config.types = [.signIn]
        config.naming = .flat
        config.web.clientId = "com.example.web"
        config.web.redirectURI = "https://example.com/auth/apple"
        _ = try generator(config).generate(into: folder.url)
        let files = folder.files()
        // Every file at the top but the element's core, which its module imports from core/.
        #expect(files.allSatisfy { !$0.contains("/") || $0.hasPrefix("core/") })
        for name in [
            "siwa-sign-in-black-en_US-250x44@2x.png", "siwa-left-sign-in-black-en_US-250x44.svg",
            "siwa-logo-black-44@3x.png", "siwa-sign-in-white-en_US-250x44@1x.png",
        ] {
            #expect(files.contains(name), "\(name)")
        }
        #expect(String(decoding: folder.bytes("snippet-img.html"), as: UTF8.self).contains("siwa-sign-in-black-en_US-250x44@2x.png 2x"))
        #expect(Generator.fileCount(config, snippets: true) == files.count)
    }

    @Test("Presets that cannot hold a format") func presetsThatCannotHoldAFormat() {
        func problem(_ config: GeneratorConfiguration) -> String? {
            do { try config.checkPresets(); return nil } catch { return error.description }
        }
        #expect(
            problem(Self.withWeb(Self.configuration([.email], formats: [.png, .svg])))
                == "--formats: no chosen preset (email) holds 'svg': web does")
        #expect(
            problem(Self.configuration([.android], formats: [.pdf]))
                == "--formats: no chosen preset (android) holds 'pdf': web, ios do")
        #expect(
            problem(Self.configuration([.ios, .web], formats: [.svg]))
                == "--formats: preset 'ios' holds none of svg: it holds png, pdf")
        #expect(
            problem(Self.configuration([], formats: [.vectorDrawable]))?.hasPrefix(
                "--formats: the web layout (no --presets) cannot hold 'vectordrawable'") == true)
        #expect(problem(Self.configuration([.email]))?.hasPrefix("--presets: 'email' needs --client-id and --redirect-uri") == true)
        // Without --formats each preset takes its own.
        #expect(problem(Self.configuration([.android, .ios, .web])) == nil)
    }

    @Test("Colliding names are refused") func collidingNamesAreRefused() {
        #expect(
            throws: ConfigurationError(
                field: "--presets",
                "'ios/A.png' and 'ios/a.png' would be the same file; "
                    + "ask for fewer sizes or locales in one set, or generate them into separate folders")
        ) {
            try SetPlan.checkNames(["ios/A.png", "ios/b.png", "ios/a.png"], option: "--presets")
        }
        #expect(throws: Never.self) { try SetPlan.checkNames(["a/b.png", "a-b.png"], option: "--naming") }
    }

    @Test("Configuration keys") func configurationKeys() throws {
        var config = GeneratorConfiguration()
        try ConfigurationFile.parse("presets: [android, react-native]\nnaming: flat\n").apply(to: &config)
        #expect(config.presets == [.android, .reactNative] && config.naming == .flat && !config.formatsAskedFor)
        #expect(
            throws: ConfigurationError(
                field: "presets[1]",
                "unknown preset 'windows': expected 'web', 'ios', 'android', "
                    + "'flutter', 'react-native' or 'email'", location: "config:1:20", source: .presets)
        ) {
            try ConfigurationFile.parse("presets: [android, windows]\n")
        }
    }

    /// Manifests written before presets (no `preset`, no `density`) still decode.
    @Test("Old manifests decode") func oldManifestsDecode() throws {
        let old = """
            {"files":[{"endpoint":"/appleid/button?scale=2&format=png","format":"png","height":88,"mediaType":"image/png",
            "mode":"center","parameters":{"scale":2},"path":"center/sign-in/black/en_US/button@2x.png","scale":2,
            "sha256":"00","bytes":1,"style":"black","title":"Sign in with Apple","width":500}],"pages":[{"path":"index.html","bytes":1,"sha256":"00"}]}
            """
        let manifest = try Manifest.decode(Array(old.utf8))
        #expect(manifest.files[0].preset == nil && manifest.files[0].density == nil && manifest.pages[0].preset == nil)
    }
}
