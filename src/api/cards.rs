//! Card sources in the request layer (issue 14): `--cards FILE|DIR` for every front end that
//! reads boards (the command line, `batch`, the MCP server, the Python binding), written once.
//!
//! A card source is a Scryfall card list or Forge's cardsfolder ([`CardIndex`]); a board's
//! cards found there by name get their Oracle text before the board is expanded
//! ([`CardIndex::fill`]: a permanent's own `oracle_text` and the catalog's cards win). A front
//! end keeps one [`CardSources`] for its life: the source it was started with, and, for
//! `batch`, the sources requests name in `options.cards`, each indexed once (a batch of a
//! million lines naming one source indexes it once).

use crate::board::{InputError, ValidBoard};
use crate::cards::CardIndex;
use crate::position::Position;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A source indexed (or why it could not be), kept for the next request naming it.
type Loaded = Arc<Result<Arc<CardIndex>, InputError>>;

/// The card sources of a front end: a default (from `--cards`), and the sources requests name,
/// loaded once per path and kept.
#[derive(Default)]
pub struct CardSources {
    default: Option<Arc<CardIndex>>,
    loaded: Mutex<HashMap<String, Loaded>>,
}

impl CardSources {
    /// Sources whose default is this index (None: boards keep the text they carry).
    pub fn new(default: Option<CardIndex>) -> CardSources {
        CardSources { default: default.map(Arc::new), loaded: Mutex::default() }
    }

    /// Sources whose default is an index already shared (a Python process's sources).
    pub fn from_shared(default: Option<Arc<CardIndex>>) -> CardSources {
        CardSources { default, loaded: Mutex::default() }
    }

    /// Sources whose default is the source at `path` (None for no default), indexed now (or
    /// read from the cache, [`CardIndex::load`]).
    pub fn load(path: Option<&str>) -> Result<CardSources, InputError> {
        Ok(CardSources::new(path.map(CardIndex::load).transpose()?))
    }

    /// The default source, if any.
    pub fn default_source(&self) -> Option<&Arc<CardIndex>> {
        self.default.as_ref()
    }

    /// The source at `path`, indexed the first time it is asked for and kept; the default
    /// when `path` is None. A source that can't be read answers its error every time.
    pub fn get(&self, path: Option<&str>) -> Result<Option<Arc<CardIndex>>, InputError> {
        let Some(path) = path else { return Ok(self.default.clone()) };
        if let Some(hit) = self.loaded.lock().ok().and_then(|m| m.get(path).cloned()) {
            return hit.as_ref().clone().map(Some);
        }
        let loaded = Arc::new(CardIndex::load(path).map(Arc::new));
        if let Ok(mut m) = self.loaded.lock() {
            m.insert(path.to_string(), loaded.clone());
        }
        loaded.as_ref().clone().map(Some)
    }
}

/// A board read, its cards given their Oracle text from `cards`, expanded into a position.
pub fn position_with_cards(mut vb: ValidBoard, cards: Option<&CardIndex>) -> Result<Position, InputError> {
    if let Some(cards) = cards {
        cards.fill(&mut vb.board);
    }
    Position::new(vb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_indexed_once_and_errors_kept() {
        let dir = std::env::temp_dir().join(format!("attackopt-sources-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("cards.json");
        std::fs::write(&file, r#"[{"name": "Brute", "oracle_text": "Brute attacks each combat if able.", "type_line": "Creature — Ogre"}]"#).unwrap();
        let path = file.to_string_lossy().to_string();
        let sources = CardSources::default();
        assert!(sources.get(None).unwrap().is_none());
        let first = sources.get(Some(&path)).unwrap().unwrap();
        // The same path is the same index, not indexed again.
        assert!(Arc::ptr_eq(&first, &sources.get(Some(&path)).unwrap().unwrap()));
        assert!(first.get("brute").is_some());
        let missing = dir.join("missing.json").to_string_lossy().to_string();
        assert!(sources.get(Some(&missing)).unwrap_err().message.contains("cannot read the card source"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
