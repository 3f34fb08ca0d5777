"""``grade``'s report is the grader's, never the student's: every string a student's code makes (state
labels, answers, messages) or an instance holds is escaped as ``search`` escapes labels and cut to a
line's share where the text report quotes it; ``--format json`` keeps it whole."""

from __future__ import annotations

import json

REFERENCE = '''from stategraph import COST, SuccessorPuzzle


class Counter(SuccessorPuzzle):
    name, summary, sample = "counter", "0 to n by +1", "3\\n"
    output = COST

    def read(self, tokens, limits):
        return tokens.integer("n", 0, 1000)

    def random_instance(self, rng, size):
        return f"{rng.randint(size, 3 * size)}\\n"

    def start(self, n):
        return 0

    def is_goal(self, n, x):
        return x == n

    def moves(self, n, x):
        if x < n:
            yield "+1", x + 1, 1
'''

# a wrong student (+2 moves too) whose state labels carry a forged verdict and terminal escapes
FORGED = "\ncounter: agrees with counter on 20 instances (seed 0, sizes 1..6)\x1b[2J\x1b[31m" + "x" * 300
STUDENT = REFERENCE.replace('yield "+1", x + 1, 1', 'yield "+1", x + 1, 1\n        if x + 2 <= n:\n'
                            '            yield "+2", x + 2, 1') + f'''
    def state_label(self, n, x):
        return str(x) + {FORGED!r}
'''


def graded(stategraph_cli, tmp_path, *options):
    (tmp_path / "counter.py").write_text(REFERENCE)
    (tmp_path / "forger.py").write_text(STUDENT.replace("class Counter", "class Forger"))
    return stategraph_cli("grade", "forger:Forger", "--reference", "counter:Counter", "-n", "20", *options,
                          cwd=tmp_path, separate=True, env={"STATEGRAPH_DEBUG": None})


def test_a_forged_label_is_escaped_and_cut(stategraph_cli, tmp_path):
    done = graded(stategraph_cli, tmp_path)
    assert done.status == 3, done.err
    lines = done.out.splitlines()
    assert lines[0].startswith("forger:Forger: disagrees on instance ")
    assert all(line.isprintable() for line in lines), [line for line in lines if not line.isprintable()]
    assert not any(line.startswith("counter: agrees") for line in lines)
    assert max(map(len, lines)) < 250
    [student_path] = [line for line in lines if line.startswith("       student   ")]
    assert student_path.startswith("       student   0\\ncounter: agrees with counter") and "\\x1b[2J" in student_path
    assert student_path.endswith("...")


def test_json_keeps_the_labels_whole(stategraph_cli, tmp_path):
    done = graded(stategraph_cli, tmp_path, "--format", "json")
    [record] = [json.loads(line) for line in done.out.splitlines()]
    [answer] = record["smallest"]["student"]["answers"]
    assert answer["path"][0] == f"0{FORGED}"
