"""What `training.distill` does: a student of another architecture (the dilated CNN) moves toward a
teacher's probabilities (the BiLSTM) on the words the teacher labels right, and words the teacher
gets wrong learn their labels alone, so the student is never pulled toward the teacher's mistakes.
Tiny random models, a few seconds on a CPU."""
from __future__ import annotations

import random
import unittest

import numpy as np
import torch
from torch import nn

from training.deid_model import data as D
from training.distill import distill_epoch, teacher_targets
from training.tests.test_forgetting import divergence, examples, labelled_by
from training.tests.test_taggers import tiny


def train(docs, teacher, weight: float):
    student = tiny("idcnn")
    torch.manual_seed(0)
    targets = teacher_targets(teacher, docs, docs, 2000)
    opt = torch.optim.Adam(student.parameters(), lr=0.05)
    loss_fn = nn.CrossEntropyLoss(ignore_index=-100)
    for _ in range(10):
        distill_epoch(student, opt, loss_fn, docs, targets, weight, 2000, random.Random(0))
    return student.eval()


class Distil(unittest.TestCase):
    def test_the_student_takes_the_teachers_probabilities_where_the_teacher_is_right(self):
        teacher = tiny("bilstm")
        docs = labelled_by(teacher, examples(8, 9, seed=1, distill=False))
        plain = train(docs, teacher, 0.0)
        distilled = train(docs, teacher, 5.0)
        self.assertLess(divergence(distilled, teacher, docs), 0.5 * divergence(plain, teacher, docs))

    def test_words_the_teacher_gets_wrong_learn_their_labels_alone(self):
        teacher = tiny("bilstm")
        wrong = [D.Encoded(e.id, e.word_ids, e.char_ids, e.features, (e.labels + 1) % teacher.cfg.n_labels,
                           e.rule_phi, False)
                 for e in labelled_by(teacher, examples(8, 9, seed=1, distill=False))]
        plain = train(wrong, teacher, 0.0)
        distilled = train(wrong, teacher, 5.0)
        for (name, a), b in zip(plain.state_dict().items(), distilled.state_dict().values()):
            self.assertTrue(torch.equal(a, b), name)

    def test_teacher_and_student_pieces_must_line_up(self):
        teacher = tiny("bilstm")
        with self.assertRaises(AssertionError):
            teacher_targets(teacher, examples(2, 9, seed=1, distill=False), examples(2, 7, seed=1, distill=False), 2000)
        docs = examples(3, 9, seed=1, distill=False)
        targets = teacher_targets(teacher, docs, docs, 2000)
        self.assertEqual(len(targets), 3)
        p = next(iter(targets.values()))
        self.assertEqual(p.shape, (9, teacher.cfg.n_labels))
        self.assertTrue(np.allclose(p.astype(np.float32).sum(-1), 1.0, atol=1e-2))


if __name__ == "__main__":
    unittest.main()
