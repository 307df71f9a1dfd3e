"""The BiLSTM de-identifier (Meldau 2018), variations a-d.

a: word embedding → word BiLSTM
b: + character BiLSTM over the token's characters (no post-space characters)
c: + character BiLSTM over the token's characters and up to 3 following characters
d: c + the 31 rule/lexicon features

Both BiLSTMs are padding-invariant without pack_padded_sequence: the backward
direction is a forward LSTM run over each sequence reversed within its own
length (pads stay at the end), so right padding (id 0) of any width changes
nothing. That keeps the ONNX graph simple (plain LSTM + Gather) and lets the
runtime pad batches and the char axis however it likes.
"""
from __future__ import annotations

from dataclasses import dataclass, asdict

import torch
from torch import nn

from .data import N_FEATURES, uses_chars, uses_features


@dataclass
class ModelConfig:
    variation: str = "d"
    n_words: int = 2
    n_chars: int = 2
    n_labels: int = 29
    word_dim: int = 100
    char_dim: int = 24
    char_hidden: int = 32
    hidden: int = 128
    dropout: float = 0.5

    def to_dict(self):
        return asdict(self)


def reverse_index(lengths: torch.Tensor, max_len: torch.Tensor | int) -> torch.Tensor:
    """[N, L] gather index reversing each row's first `length` items; positions past the length stay."""
    ar = torch.arange(max_len, device=lengths.device).unsqueeze(0)  # [1, L]
    ln = lengths.unsqueeze(1)  # [N, 1]
    return torch.where(ar < ln, ln - 1 - ar, ar)


class BiLSTM(nn.Module):
    """Bidirectional LSTM over right-padded sequences whose outputs do not depend on the padding."""

    def __init__(self, input_size: int, hidden: int):
        super().__init__()
        self.fwd = nn.LSTM(input_size, hidden, batch_first=True)
        self.bwd = nn.LSTM(input_size, hidden, batch_first=True)

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        # x: [N, L, D], lengths: [N]
        idx = reverse_index(lengths, x.shape[1])  # [N, L]
        gidx = idx.unsqueeze(2).expand(-1, -1, x.shape[2])
        xr = torch.gather(x, 1, gidx)
        hf, _ = self.fwd(x)
        hb, _ = self.bwd(xr)
        hidx = idx.unsqueeze(2).expand(-1, -1, hb.shape[2])
        hb = torch.gather(hb, 1, hidx)  # back to original order (the permutation is its own inverse)
        return torch.cat([hf, hb], dim=2)


class DeidBiLSTM(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        self.cfg = cfg
        self.word_emb = nn.Embedding(cfg.n_words, cfg.word_dim, padding_idx=0)
        in_dim = cfg.word_dim
        if uses_chars(cfg.variation):
            self.char_emb = nn.Embedding(cfg.n_chars, cfg.char_dim, padding_idx=0)
            self.char_lstm = BiLSTM(cfg.char_dim, cfg.char_hidden)
            in_dim += 2 * cfg.char_hidden
        if uses_features(cfg.variation):
            in_dim += N_FEATURES
        self.dropout = nn.Dropout(cfg.dropout)
        self.word_lstm = BiLSTM(in_dim, cfg.hidden)
        self.out = nn.Linear(2 * cfg.hidden, cfg.n_labels)

    def char_encode(self, char_ids: torch.Tensor) -> torch.Tensor:
        B, T, C = char_ids.shape[0], char_ids.shape[1], char_ids.shape[2]
        flat = char_ids.reshape(-1, C)  # [B*T, C]
        mask = flat != 0
        lengths = mask.sum(1)
        h = self.char_lstm(self.char_emb(flat), lengths)  # [B*T, C, 2H]
        m = mask.unsqueeze(2)
        # masked max pooling; LSTM outputs are in (-1, 1) so -2 never wins over a real position
        pooled = h.masked_fill(~m, -2.0).max(dim=1).values
        pooled = pooled * (lengths > 0).unsqueeze(1).to(pooled.dtype)  # all-pad rows → 0
        return pooled.reshape(B, T, -1)

    def forward(self, word_ids: torch.Tensor, char_ids: torch.Tensor, features: torch.Tensor) -> torch.Tensor:
        """Logits [B, T, n_labels]."""
        lengths = (word_ids != 0).sum(1)
        parts = [self.word_emb(word_ids)]
        if uses_chars(self.cfg.variation):
            parts.append(self.char_encode(char_ids))
        if uses_features(self.cfg.variation):
            parts.append(features)
        x = self.dropout(torch.cat(parts, dim=2))
        h = self.word_lstm(x, lengths)
        return self.out(self.dropout(h))


class ExportWrapper(nn.Module):
    """word_ids, char_ids, features → probs (softmax over labels)."""

    def __init__(self, model: DeidBiLSTM):
        super().__init__()
        self.model = model

    def forward(self, word_ids, char_ids, features):
        return torch.softmax(self.model(word_ids, char_ids, features), dim=-1)
