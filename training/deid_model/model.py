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
    # the word-level tagger: "bilstm" (Meldau 2018) or "idcnn" (iterated dilated convolutions,
    # Strubell et al. 2017: no step-by-step recurrence); for "idcnn" `hidden` is the number of
    # channels and `dilations` the layers
    tagger: str = "bilstm"
    dilations: tuple = (1, 2, 4, 8)

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


class DilatedCNN(nn.Module):
    """Residual dilated 1-D convolutions (kernel 3) over right-padded sequences.

    Padding-invariant like BiLSTM: positions past each sequence's length are zeroed before every
    convolution, which is what the convolution's own zero padding shows at a sequence's end, so a
    narrative gets the same probabilities alone or in any batch. Receptive field: 1 + 2 *
    sum(dilations) tokens (31 for 1, 2, 4, 8)."""

    def __init__(self, input_size: int, channels: int, dilations, dropout: float):
        super().__init__()
        self.proj = nn.Linear(input_size, channels)
        self.convs = nn.ModuleList(
            nn.Conv1d(channels, channels, 3, padding=d, dilation=d) for d in dilations)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        # x: [N, L, D], mask: [N, L] (True inside a sequence) -> [N, L, channels]
        m = mask.unsqueeze(1).to(x.dtype)  # [N, 1, L]
        h = torch.relu(self.proj(x)).transpose(1, 2) * m
        for conv in self.convs:
            h = (h + self.dropout(torch.relu(conv(h)))) * m
        return h.transpose(1, 2)


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
        if cfg.tagger == "idcnn":
            self.word_cnn = DilatedCNN(in_dim, cfg.hidden, cfg.dilations, cfg.dropout)
            out_dim = cfg.hidden
        elif cfg.tagger == "bilstm":
            self.word_lstm = BiLSTM(in_dim, cfg.hidden)
            out_dim = 2 * cfg.hidden
        else:
            raise ValueError(f"unknown tagger {cfg.tagger!r} (bilstm or idcnn)")
        self.out = nn.Linear(out_dim, cfg.n_labels)

    def char_pool(self, flat: torch.Tensor) -> torch.Tensor:
        """[N, C] character ids → [N, 2H]: character BiLSTM, masked max pooling."""
        mask = flat != 0
        lengths = mask.sum(1)
        h = self.char_lstm(self.char_emb(flat), lengths)  # [N, C, 2H]
        m = mask.unsqueeze(2)
        # masked max pooling; LSTM outputs are in (-1, 1) so -2 never wins over a real position
        pooled = h.masked_fill(~m, -2.0).max(dim=1).values
        return pooled * (lengths > 0).unsqueeze(1).to(pooled.dtype)  # all-pad rows → 0

    def char_encode(self, char_ids: torch.Tensor) -> torch.Tensor:
        B, T, C = char_ids.shape[0], char_ids.shape[1], char_ids.shape[2]
        return self.char_pool(char_ids.reshape(-1, C)).reshape(B, T, -1)

    def forward(self, word_ids: torch.Tensor, char_ids: torch.Tensor, features: torch.Tensor) -> torch.Tensor:
        """Logits [B, T, n_labels]."""
        chars = self.char_encode(char_ids) if uses_chars(self.cfg.variation) else None
        return self.forward_parts(word_ids, chars, features)

    def forward_parts(self, word_ids, chars, features) -> torch.Tensor:
        """Logits from word ids, the already-encoded characters [B, T, 2H] (or None) and features."""
        mask = word_ids != 0
        parts = [self.word_emb(word_ids)]
        if chars is not None:
            parts.append(chars)
        if uses_features(self.cfg.variation):
            parts.append(features)
        x = self.dropout(torch.cat(parts, dim=2))
        if self.cfg.tagger == "idcnn":
            h = self.word_cnn(x, mask)
        else:
            h = self.word_lstm(x, mask.sum(1))
        return self.out(self.dropout(h))


class ExportWrapper(nn.Module):
    """word_ids [B, T], char_ids [U, C], char_index [B, T], features [B, T, F] → probs [B, T, L].

    The character encoder is most of the model's cost, and a batch of narratives repeats its
    tokens ("the", "vaccine", "of"): the runtime passes each distinct character sequence once
    (`char_ids`) and, per token, the row holding its sequence (`char_index`)."""

    def __init__(self, model: DeidBiLSTM):
        super().__init__()
        self.model = model

    def forward(self, word_ids, char_ids, char_index, features):
        chars = None
        if uses_chars(self.model.cfg.variation):
            pooled = self.model.char_pool(char_ids)  # [U, 2H]
            chars = pooled.index_select(0, char_index.reshape(-1)).reshape(
                word_ids.shape[0], word_ids.shape[1], -1)
        return torch.softmax(self.model.forward_parts(word_ids, chars, features), dim=-1)


def dedup_chars(char_ids):
    """numpy [B, T, C] → (unique rows [U, C], index [B, T]) as the runtime builds them."""
    import numpy as np

    B, T, C = char_ids.shape
    flat = char_ids.reshape(B * T, C)
    unique, inverse = np.unique(flat, axis=0, return_inverse=True)
    return unique.astype(np.int64), inverse.reshape(B, T).astype(np.int64)
