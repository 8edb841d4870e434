//! A protocol's own query options, declared once ([`declare!`](crate::options::declare)):
//! the struct the plan reads them into, the names JavaScript may give (and so the
//! did-you-mean of an unknown one), the CLI's flags and usage, and the TypeScript type the
//! typings print, each from the one list — in the spirit of lightningcss's
//! `define_properties!`.

/// ```ignore
/// declare! {
///     /// `query('a2s', target, options)`.
///     pub struct A2sOptions("A2S query"), ts A2sQueryOptions, cli "Valve A2S";
///     /// Ask A2S_PLAYER after A2S_INFO (default true).
///     players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
/// }
/// ```
/// Each option: its docs (the typings'), its field and the type the plan gets, its name in
/// JavaScript, its reader (`options::read`), its TypeScript type — optional unless
/// `#[ts(optional = false)]` is among its attributes — and the CLI flags that set it (the
/// flag, what it takes — `cli::Takes` — and what the usage shows for its value). The struct holds the
/// call's `common` options too; the TypeScript type flattens `NetworkOptions` in.
macro_rules! declare {
    (
        $(#[doc = $doc:expr])*
        $vis:vis struct $name:ident($what:literal), ts $ts:ident, cli $about:literal;
        $(
            $(#[$fattr:meta])*
            $field:ident: $ty:ty = $key:literal by $read:expr, ts $ts_type:literal
                $(, flag($flag:literal, $takes:expr, $shows:literal))*;
        )*
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone)]
        $vis struct $name {
            pub common: $crate::options::Common,
            $(pub $field: $ty,)*
        }

        impl $name {
            /// Its own options, as JavaScript names them.
            pub const KEYS: &'static [&'static str] = &[$($key),*];
            /// How the CLI takes them.
            pub const CLI: $crate::options::cli::Cli = $crate::options::cli::Cli {
                about: $about,
                flags: &[$($({
                    #[allow(unused_imports)]
                    use $crate::options::cli::Takes::*;
                    $crate::options::cli::Flag::new($flag, $key, $takes, $shows)
                },)*)*],
            };
            /// Its TypeScript type's name.
            pub const TS: &'static str = stringify!($ts);

            /// The options as JavaScript gave them, checked; an unknown one is an error
            /// that names the known ones.
            pub fn read(options: serde_json::Value) -> $crate::error::Result<Self> {
                Self::read_as($what, options)
            }

            /// [`Self::read`], its messages naming the query `what` (one declaration for
            /// several protocols: Quake 2's and QuakeWorld's).
            #[allow(dead_code)]
            pub fn read_as(what: &'static str, options: serde_json::Value) -> $crate::error::Result<Self> {
                #[allow(unused_imports)]
                use $crate::options::read::*;
                let mut o = $crate::options::Options::new(what, options)?;
                let common = $crate::options::Common::read(&mut o)?;
                $(let $field = ($read)(&mut o, $key)?;)*
                o.finish(&[$crate::options::COMMON, Self::KEYS].concat())?;
                Ok(Self { common, $($field),* })
            }
        }

        $(#[doc = $doc])*
        #[cfg(feature = "ts")]
        #[derive(ts_rs::TS)]
        #[allow(dead_code)] // Its fields are read by ts-rs only.
        pub struct $ts {
            #[ts(flatten)]
            pub network: $crate::options::NetworkOptions,
            $(
                #[ts(rename = $key, type = $ts_type, optional = nullable)]
                $(#[$fattr])*
                pub $field: (),
            )*
        }
    };
}
pub(crate) use declare;

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::options::cli::Takes;

    crate::options::declare! {
        /// A protocol's options, as one declares them.
        struct Example("Example query"), ts ExampleQueryOptions, cli "Example";
        /// A switch.
        players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
        /// A word.
        mode: &'static str = "playMode" by choice(&["a", "b"], "a"), ts "'a' | 'b'", flag("mode", Text, "a|b");
        /// Must be given.
        #[ts(optional = false)]
        password: String = "password" by required("the server's password"), ts "string";
    }

    #[test]
    fn one_declaration_reads_checks_and_names_the_options() {
        let o = Example::read(json!({ "playMode": "b", "password": "pw", "timeout": 900 })).unwrap();
        assert_eq!((o.players, o.mode, o.password.as_str()), (true, "b", "pw"));
        assert_eq!(o.common.timeout_ms, 900.0);
        assert_eq!(Example::KEYS, ["players", "playMode", "password"]);
        assert_eq!(Example::TS, "ExampleQueryOptions");

        let e = Example::read(json!({ "password": "pw", "playMod": "a" })).unwrap_err();
        assert!(
            e.message
                .starts_with("unknown option \"playMod\" (did you mean playMode?)"),
            "{}",
            e.message
        );
        assert!(e.message.contains("for the Example query"), "{}", e.message);
        assert!(e.message.contains("players, playMode, password"), "{}", e.message);
        let e = Example::read(json!({})).unwrap_err();
        assert_eq!(e.message, "option password is required: the server's password");
        let e = Example::read(json!({ "password": "pw", "playMode": "c" })).unwrap_err();
        assert!(
            e.message.starts_with("option playMode must be one of 'a', 'b'"),
            "{}",
            e.message
        );
        let e = Example::read_as("Other query", json!({ "password": "pw", "x": 1 })).unwrap_err();
        assert!(e.message.contains("for the Other query"), "{}", e.message);
    }

    #[test]
    fn the_cli_flags_set_the_options_they_were_declared_with() {
        let cli = Example::CLI;
        assert_eq!(cli.usage(), "Example [--no-players] [--mode a|b]");
        let flags: Vec<_> = cli.flags.iter().map(|f| (f.name, f.option)).collect();
        assert_eq!(flags, [("no-players", "players"), ("mode", "playMode")]);
        assert!(matches!(cli.flags[0].takes, Takes::Set("false")));
    }

    #[cfg(feature = "ts")]
    #[test]
    fn the_typescript_type_is_the_declared_one() {
        use ts_rs::TS;
        let decl = ExampleQueryOptions::decl(&ts_rs::Config::default());
        assert!(decl.starts_with("type ExampleQueryOptions = "), "{decl}");
        for field in [
            "players?: boolean",
            "playMode?: 'a' | 'b'",
            "password: string",
            "timeout?: number",
        ] {
            assert!(decl.contains(field), "{field} in {decl}");
        }
        assert!(decl.contains("A switch."), "{decl}");
    }
}
