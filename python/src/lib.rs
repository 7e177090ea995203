//! Python bindings of attackopt: `attackopt.Position` and `attackopt.batch`, over the library's
//! one request layer (`Position::answer`, `attackopt::batch`). Every result is the command
//! line's `--format json` output (the same `Answer::json` serialized by serde_json, read back
//! by Python's `json.loads`), every failure an exception carrying the command line's message
//! and exit status. The GIL is released while a board is read or a question answered, so
//! Python threads (or a Dask worker's threads) answer in parallel.

use attackopt::oracle::{position_with_cards, CardSources};
use attackopt::{Answer, Baseline, Error, Method, Objective, Options, Request, Undecided, DEFAULT_LIMIT};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyUserWarning};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

create_exception!(attackopt, AttackoptError, PyException, "Any failure of attackopt; `code` is the command line's exit status.");
create_exception!(attackopt, BadInput, AttackoptError, "Bad input or options (exit status 2); `path` is the JSON path, or None.");
create_exception!(
    attackopt,
    TimeLimit,
    AttackoptError,
    "No answer within the time limit (exit status 3); `result` is the command line's undecided object."
);
create_exception!(attackopt, InternalError, AttackoptError, "A bug in attackopt (exit status 70).");

/// Python's `json.loads` and `json.dumps`, looked up once.
static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    LOADS.import(py, "json", "loads")?.call1((text,))
}

/// A JSON document given as text or as a Python object (a dict), as text, and whether it was
/// written by us (then serde's line and column point into our text, not the user's). `name`
/// stands for the document in messages.
fn json_text(value: &Bound<'_, PyAny>, name: &str) -> PyResult<(String, bool)> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok((unicode(s, name)?.to_owned(), false));
    }
    // allow_nan=False: NaN and Infinity are no JSON; the board reader should see bad input, and
    // the error names the Python value rather than letting serde read a non-standard token.
    let kwargs = PyDict::new(value.py());
    kwargs.set_item("allow_nan", false)?;
    let text = DUMPS.import(value.py(), "json", "dumps")?.call((value,), Some(&kwargs)).map_err(|e| {
        let found = value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "an object".into());
        let message = match unencodable(value, "", 0).filter(|p| !p.is_empty()) {
            Some(path) => (format!("{name}: at {path}: not a JSON value: {e}"), Some(path)),
            None => (format!("{name}: expected a JSON text (str) or a JSON object (dict), found {found}: {e}"), None),
        };
        bad_input_at(value.py(), message.0, message.1)
    })?;
    Ok((text.extract::<String>()?, true))
}

/// A str's UTF-8 text; a lone surrogate, which no JSON text holds, is bad input like any other
/// (issue 36, R12: it raised a bare UnicodeEncodeError).
fn unicode<'a>(s: &'a Bound<'_, PyString>, name: &str) -> PyResult<&'a str> {
    s.to_str().map_err(|e| bad_input_at(s.py(), format!("{name}: expected text in Unicode, found a lone surrogate: {e}"), None))
}

/// The JSON path of the first value JSON can't hold inside a Python object (NaN, an infinity, a
/// lone surrogate, anything but a dict, list, tuple, str, number, bool or None), written as the
/// board reader writes paths; None when none is found within 64 levels.
fn unencodable(value: &Bound<'_, PyAny>, path: &str, depth: usize) -> Option<String> {
    if depth > 64 {
        return None;
    }
    let items: Vec<(String, Bound<'_, PyAny>)> = if let Ok(d) = value.cast::<PyDict>() {
        d.iter()
            .map(|(k, v)| (k.str().map(|k| k.to_string_lossy().into_owned()).unwrap_or_default(), v))
            .map(|(k, v)| (if path.is_empty() { k } else { format!("{path}.{k}") }, v))
            .collect()
    } else if let Ok(l) = value.cast::<PyList>() {
        l.iter().enumerate().map(|(i, v)| (format!("{path}[{i}]"), v)).collect()
    } else if let Ok(t) = value.cast::<PyTuple>() {
        t.iter().enumerate().map(|(i, v)| (format!("{path}[{i}]"), v)).collect()
    } else if let Ok(f) = value.cast::<PyFloat>() {
        return (!f.value().is_finite()).then(|| path.to_owned());
    } else if let Ok(s) = value.cast::<PyString>() {
        return s.to_str().is_err().then(|| path.to_owned());
    } else if value.is_none() || value.cast::<PyBool>().is_ok() || value.cast::<PyInt>().is_ok() {
        return None;
    } else {
        return Some(path.to_owned());
    };
    items.iter().find_map(|(p, v)| unencodable(v, p, depth + 1))
}

/// An error as the exception a Python caller catches, with the command line's message.
fn py_error(py: Python<'_>, e: Error) -> PyErr {
    py_error_about(py, e, None)
}

/// [`py_error`] for a question about a board read: a time limit's `result` lists what answers
/// on it assume, as the command line's undecided object does.
fn py_error_about(py: Python<'_>, e: Error, board: Option<&attackopt::Position>) -> PyErr {
    let code = e.exit_code();
    let message = e.to_string();
    let (err, path) = match &e {
        Error::Input(i) => (BadInput::new_err(message.clone()), Some(i.path.clone()).filter(|p| !p.is_empty())),
        _ if code == 3 => (TimeLimit::new_err(message.clone()), None),
        _ if code == 2 => (BadInput::new_err(message.clone()), None),
        _ => (InternalError::new_err(message.clone()), None),
    };
    let err = raised(py, err, code, path);
    let value = err.value(py);
    if code == 3 {
        // What the command line prints on standard output with --format json, exit 3.
        let undecided = match board {
            Some(pos) => Undecided::about(pos, message),
            None => Undecided::new(message),
        };
        let undecided = serde_json::to_string(&undecided).ok();
        let _ = value.setattr("result", undecided.and_then(|t| loads(py, &t).ok()));
    }
    err
}

/// An exception carrying `code` (the command line's exit status) and `path` (the JSON path, or
/// None), as every AttackoptError does (issue 36, R12: some had neither).
fn raised(py: Python<'_>, err: PyErr, code: i32, path: Option<String>) -> PyErr {
    // Attributes on a fresh exception object cannot fail but for memory: ignore like Python.
    let _ = err.value(py).setattr("code", code);
    let _ = err.value(py).setattr("path", path);
    err
}

/// A BadInput (exit status 2) at `path`.
fn bad_input_at(py: Python<'_>, message: String, path: Option<String>) -> PyErr {
    raised(py, BadInput::new_err(message), 2, path)
}

/// Bad options, worded as the command line words its arguments (with Python's keyword names).
fn bad_input(message: String) -> PyErr {
    Python::attach(|py| bad_input_at(py, message, None))
}

/// The options every question takes, by the rule every front end shares (`Options::validate`).
fn options(baseline: &str, time_limit: Option<f64>, method: &str, strict: bool) -> PyResult<Options> {
    let baseline = match baseline {
        "paid" => Baseline::Paid,
        "free" => Baseline::Free,
        other => return Err(bad_input(format!("baseline: expected \"paid\" or \"free\", found {other:?}"))),
    };
    let method = match method {
        "ilp" => Method::Ilp,
        "exhaustive" => Method::Exhaustive,
        other => return Err(bad_input(format!("method: expected \"ilp\" or \"exhaustive\", found {other:?}"))),
    };
    let options = Options { baseline, time_limit, method, clock: None, strict };
    options.validate().map_err(|e| bad_input(format!("{}: {}", e.option, e.message)))?;
    Ok(options)
}

/// A board read and expanded, ready for questions (attackopt's `Position`). Immutable, so one
/// position may be asked from several threads at once.
#[pyclass(frozen, module = "attackopt", name = "Position")]
struct PyPosition {
    inner: attackopt::Position,
}

impl PyPosition {
    /// Answer a request with the GIL released: an `attackopt.Answer`, the command line's JSON as
    /// a dict, with its `--format text` words for `to_text()` (issue 40), made with the answer
    /// (the position and options it needs are at hand only here).
    fn ask<'py>(&self, py: Python<'py>, request: &Request, options: &Options) -> PyResult<Bound<'py, PyAny>> {
        let answered: Result<(String, String), Error> = py.detach(|| {
            let answer: Answer = self.inner.answer(request, options)?;
            let json = serde_json::to_string(&answer.json()).map_err(|e| attackopt::SolveError::Internal(e.to_string()))?;
            Ok((json, answer.to_text(&self.inner, options)))
        });
        let (json, text) = answered.map_err(|e| py_error_about(py, e, Some(&self.inner)))?;
        py.import("attackopt")?.getattr("Answer")?.call1((loads(py, &json)?, text))
    }

    fn new(py: Python<'_>, text: String, name: String, ours: bool, cards: Option<&str>) -> PyResult<Self> {
        let read = py.detach(|| match source(cards)? {
            None => attackopt::Position::from_json(&text, &name),
            Some(index) => Ok(attackopt::parse_board(&text, &name).and_then(|vb| position_with_cards(vb, Some(&index)))?),
        });
        let inner = read.map_err(|e| py_error(py, if ours { strip_position(e) } else { e }))?;
        Ok(PyPosition { inner })
    }

    /// `check`'s request: a declaration of attackers, or of blockers on a board with combat
    /// (docs/blocks.md), read as every front end reads it: a str as MCP's `check_attack` reads
    /// one, JSON or one line (`"wall=jugg"`, `"jugg=B"`, `"none"`: [`Request::check_text`]), a
    /// dict as JSON ([`Request::check`]).
    fn check_request(&self, py: Python<'_>, declaration: &Bound<'_, PyAny>, name: &str) -> PyResult<Request> {
        let (text, ours) = json_text(declaration, name)?;
        let read = if ours {
            // Our JSON: serde's line and column point into our text, not the caller's.
            attackopt::parse_any_declaration(&text, name)
                .map_err(|e| e.without_text_position())
                .and_then(|(decl, warnings)| Ok((Request::check(&self.inner.board, decl, name)?, warnings)))
        } else {
            Request::check_text(&self.inner.board, &text, name)
        };
        let (request, warnings) = read.map_err(|e| py_error(py, e.into()))?;
        // The command line writes these on standard error; Python's way is a warning.
        for w in warnings {
            let message = std::ffi::CString::new(format!("{name}: {w}")).unwrap_or_default();
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 1)?;
        }
        Ok(request)
    }
}

/// The card sources of this process (`cards=`): each indexed once (or read from its cache,
/// as `--cards` is) and kept, shared by every position and batch naming it.
static SOURCES: std::sync::OnceLock<CardSources> = std::sync::OnceLock::new();

/// The card source at `path`, if one is named.
fn source(path: Option<&str>) -> Result<Option<std::sync::Arc<attackopt::oracle::CardIndex>>, Error> {
    Ok(SOURCES.get_or_init(CardSources::default).get(path)?)
}

fn strip_position(e: Error) -> Error {
    match e {
        Error::Input(i) => Error::Input(i.without_text_position()),
        e => e,
    }
}

#[pymethods]
impl PyPosition {
    /// Read a board: JSON text (str) or a JSON object (dict). `name` stands for the file in
    /// error messages. `cards`: a card source (a Scryfall JSON file or Forge's cardsfolder),
    /// as `--cards`: the board's cards found there by name get their Oracle text.
    #[staticmethod]
    #[pyo3(signature = (board, name = "board", *, cards = None))]
    fn from_json(py: Python<'_>, board: &Bound<'_, PyAny>, name: &str, cards: Option<&str>) -> PyResult<Self> {
        let (text, ours) = json_text(board, name)?;
        PyPosition::new(py, text, name.to_owned(), ours, cards)
    }

    /// Read a board file, as `attackopt validate FILE [--cards SRC]` does (the same messages).
    #[staticmethod]
    #[pyo3(signature = (path, *, cards = None))]
    fn from_file(py: Python<'_>, path: &str, cards: Option<&str>) -> PyResult<Self> {
        let read = py.detach(|| {
            let index = source(cards)?;
            attackopt::load_board(path).map_err(Error::from).and_then(|vb| position_with_cards(vb, index.as_deref()).map_err(Error::from))
        });
        Ok(PyPosition { inner: read.map_err(|e| py_error(py, e))? })
    }

    /// The board's warnings (an unknown field, an unknown card name), as in every answer.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.inner.board.warnings).map_err(|e| raised(py, InternalError::new_err(e.to_string()), 70, None))?;
        loads(py, &text)
    }

    /// What answers on this board assume (a card text not read, a card not known), as every
    /// answer's `assumptions` lists them; `strict=True` refuses a board with any.
    #[getter]
    fn assumptions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.inner.board.assumptions).map_err(|e| raised(py, InternalError::new_err(e.to_string()), 70, None))?;
        loads(py, &text)
    }

    /// `attackopt check`: is this declaration legal; why not; a witness. The declaration is a
    /// dict, its JSON text, or one line as `--attack` / `--block` take it (`"jugg=B, drake=pwC"`;
    /// on a board with combat `"wall=jugg"`; `"none"`).
    #[pyo3(signature = (declaration, *, baseline = "paid", time_limit = Some(attackopt::DEFAULT_TIME_LIMIT), method = "ilp", name = "declaration", strict = false))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments, one per option
    fn check<'py>(
        &self,
        py: Python<'py>,
        declaration: &Bound<'py, PyAny>,
        baseline: &str,
        time_limit: Option<f64>,
        method: &str,
        name: &str,
        strict: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = options(baseline, time_limit, method, strict)?;
        let request = self.check_request(py, declaration, name)?;
        self.ask(py, &request, &options)
    }

    /// `attackopt solve`: the best legal declaration for the objective (`power`, the default,
    /// `attackers`, `none` or `damage:PLAYER`; on a board with combat `prevented`, the default,
    /// `kills`, `losses` or `none`).
    #[pyo3(signature = (objective = None, *, baseline = "paid", time_limit = Some(attackopt::DEFAULT_TIME_LIMIT), method = "ilp", strict = false))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        objective: Option<&str>,
        baseline: &str,
        time_limit: Option<f64>,
        method: &str,
        strict: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = options(baseline, time_limit, method, strict)?;
        let objective = objective.unwrap_or(attackopt::default_objective(&self.inner));
        let objective = Objective::parse(objective, &self.inner).map_err(|m| bad_input(format!("objective: {m}")))?;
        self.ask(py, &Request::Solve(objective), &options)
    }

    /// `attackopt enumerate`: the legal declarations, up to `limit`; `detail` is `"full"` (as
    /// the command line's default) or `"summary"` (the attacks and payments only).
    #[pyo3(signature = (limit = DEFAULT_LIMIT, *, baseline = "paid", time_limit = Some(attackopt::DEFAULT_TIME_LIMIT), method = "ilp", detail = "full", strict = false))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments, one per option
    fn enumerate<'py>(
        &self,
        py: Python<'py>,
        limit: usize,
        baseline: &str,
        time_limit: Option<f64>,
        method: &str,
        detail: &str,
        strict: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = options(baseline, time_limit, method, strict)?;
        let detail = attackopt::Detail::parse(detail).map_err(|e| bad_input(format!("{}: {}", e.option, e.message)))?;
        self.ask(py, &Request::Enumerate { limit, detail }, &options)
    }

    /// `attackopt maximum` (batch's `maximum`): the most requirements a declaration paying no
    /// cost can obey, with a witness; on a board with combat (declarations of blockers, CR
    /// 509.1c) also the most under `baseline` (paid: paying any cost to block that can be paid),
    /// with a witness and its payment.
    #[pyo3(signature = (*, baseline = "paid", time_limit = Some(attackopt::DEFAULT_TIME_LIMIT), method = "ilp", strict = false))]
    fn maximum<'py>(&self, py: Python<'py>, baseline: &str, time_limit: Option<f64>, method: &str, strict: bool) -> PyResult<Bound<'py, PyAny>> {
        let options = options(baseline, time_limit, method, strict)?;
        self.ask(py, &Request::Maximum, &options)
    }

    /// `attackopt validate`: how attackopt reads the board.
    fn validate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.ask(py, &Request::Validate, &Options::default())
    }
}

/// `attackopt batch` on JSON Lines: a text, or an iterable of lines; the answer lines, as the
/// command prints them. `source` and `first_line` name the lines in messages (`-` is
/// `<stdin>`), so that a part of a file answers as it would in the whole file.
/// `cards` is the card source of every request (as `attackopt batch --cards`); a request's
/// `options.cards` names its own.
#[pyfunction]
#[pyo3(signature = (requests, source = "-", first_line = 1, *, cards = None))]
fn batch(py: Python<'_>, requests: &Bound<'_, PyAny>, source: &str, first_line: usize, cards: Option<&str>) -> PyResult<Vec<String>> {
    let default = py.detach(|| self::source(cards)).map_err(|e| py_error(py, e))?;
    let text = match requests.cast::<PyString>() {
        Ok(s) => unicode(s, "requests")?.to_owned(),
        Err(_) => {
            let mut text = String::new();
            for (i, item) in requests.try_iter()?.enumerate() {
                let item = item?;
                let line = item.cast::<PyString>().map_err(|_| {
                    let found = item.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "an object".into());
                    bad_input_at(py, format!("requests[{i}]: expected a JSON Lines line (str), found {found}"), None)
                })?;
                if i > 0 {
                    text.push('\n');
                }
                // A line as read from a file keeps its newline: it ends the line, not another.
                let line = unicode(line, &format!("requests[{i}]"))?;
                text.push_str(line.strip_suffix('\n').unwrap_or(line));
            }
            text
        }
    };
    let cache = attackopt::batch::BoardCache::with_cards(CardSources::from_shared(default));
    Ok(py.detach(|| attackopt::batch::answer_lines_with(&text, source, first_line, &cache)))
}

/// The native module; `attackopt/__init__.py` re-exports it.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyPosition>()?;
    m.add_function(wrap_pyfunction!(batch, m)?)?;
    m.add("AttackoptError", py.get_type::<AttackoptError>())?;
    m.add("BadInput", py.get_type::<BadInput>())?;
    m.add("TimeLimit", py.get_type::<TimeLimit>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
