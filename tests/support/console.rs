//! `pakka engine` as a subprocess for the engine tests: one line in, one answer out, and the
//! exit code at the end of input. Included by each `tests/engine*.rs` with
//! `#[path = "support/console.rs"] mod console;`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::Value;

pub struct Console {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Console {
    pub fn start() -> Console {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pakka"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("pakka engine starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Console {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends one line and reads the one answer (the console must flush each answer).
    pub fn send(&mut self, line: &str) -> Value {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).unwrap();
        assert!(
            answer.ends_with('\n'),
            "one answer per line, got {answer:?}"
        );
        serde_json::from_str(&answer)
            .unwrap_or_else(|e| panic!("answer {answer:?} is not JSON: {e}"))
    }

    pub fn cmd(&mut self, value: Value) -> Value {
        self.send(&value.to_string())
    }

    /// Closes stdin and answers the exit code.
    pub fn finish(mut self) -> i32 {
        drop(self.stdin.take());
        let mut rest = String::new();
        self.stdout.read_line(&mut rest).unwrap();
        assert_eq!(rest, "", "no output without input");
        self.child.wait().unwrap().code().unwrap()
    }
}

pub fn code(answer: &Value) -> &str {
    assert_eq!(answer["ok"], false, "expected a refusal, got {answer}");
    assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()));
    answer["code"].as_str().unwrap()
}

pub fn ok(answer: &Value) -> &Value {
    assert_eq!(answer["ok"], true, "expected success, got {answer}");
    &answer["status"]
}
