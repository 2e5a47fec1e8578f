"""Which single words stand for a name of several words (``names.py``): a person's name by one of its words
("Lovelace" for "Ada Lovelace"), a name by its initials ("RS" for "Royal Society"), and a long run cut into the
people's names it holds.

>>> initials(("Royal", "Society")), initials(("HPV", "DNA")), person_like(("Ada", "Lovelace"))
('RS', '', True)
>>> person_like(("Fernport", "Bakery")), without_initials(("Brian", "D.", "Ripley"))
(False, ('Brian', 'Ripley'))
"""

from __future__ import annotations

import re

from .name_words import CONNECTORS, PERSON_WORDS, PLACE_WORDS, title_case

_INITIAL = re.compile(r"[A-Z]\.")  # "M." in "John M. Chambers": an initial goes on a name


def without_initials(name: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(w for w in name if not _INITIAL.fullmatch(w))


def initials(name: tuple[str, ...]) -> str:
    """ "RS" for "Royal Society"; "" for a name of one word or with a word that is not in title case ("HPV DNA")."""
    words = [w for w in name if w not in CONNECTORS]
    return "".join(w[0] for w in words) if len(words) > 1 and all(map(title_case, words)) else ""


def person_like(name: tuple[str, ...]) -> bool:
    return PERSON_WORDS[0] <= len(name) <= PERSON_WORDS[1] and all(title_case(w) and w not in PLACE_WORDS for w in name)


def known_parts(run: tuple[str, ...], known: set[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """A run of more words than a person's name cut into the people's names found elsewhere
    and what stands between them: a title page's line "Fabio Fiorina Simon Josefsson Nikos Mavrogiannopoulos",
    when Simon Josefsson is a name found on its own. Any other run is left whole.

    >>> known_parts(tuple("Fabio Fiorina Simon Josefsson Nikos Mavrogiannopoulos".split()), {("Simon", "Josefsson")})
    [('Fabio', 'Fiorina'), ('Simon', 'Josefsson'), ('Nikos', 'Mavrogiannopoulos')]
    """
    if len(run) <= PERSON_WORDS[1]:
        return [run]
    parts: list[tuple[str, ...]] = []
    i = last = 0
    while i < len(run):
        n = next((n for n in range(PERSON_WORDS[1], PERSON_WORDS[0] - 1, -1) if run[i : i + n] in known), 0)
        if n and person_like(run[i : i + n]):
            parts += [run[last:i]] if i > last else []
            parts.append(run[i : i + n])
            i = last = i + n
        else:
            i += 1
    return [*parts, run[last:]] if last < len(run) else parts
