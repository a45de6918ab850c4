"""One root error type for everything a user (author, translator) can get wrong.

Every error names a place (`Location`, 1-based line) and says what to do. Stages collect
errors in an `ErrorLog` and the CLI prints them all and stops once with a count.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, order=True)
class Location:
    """A place in an input file; `line` is 1-based (0 = the whole file)."""

    path: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


def relative(path: Path | str) -> str:
    """A path as the user should see it: relative to the working directory when possible."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class LessonError(Exception):
    """Root of every error caused by the project's inputs (facts, templates, catalogs)."""

    def __init__(self, location: Location | None, message: str):
        super().__init__(message)
        self.location = location
        self.message = message

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message

    def __reduce__(self):  # crosses process boundaries (build workers) intact
        return type(self), (self.location, self.message)

    @property
    def errors(self) -> list[LessonError]:
        """Every error this exception stands for: itself, or all those an `Aborted` collected."""
        return [self]


class Aborted(LessonError):
    """Raised once at the end of a stage that collected one or more errors."""

    def __init__(self, errors: list[LessonError]):
        super().__init__(None, f"Aborted with {len(errors)} error{'s' if len(errors) != 1 else ''}.")
        self.collected = errors

    def __reduce__(self):
        return Aborted, (self.collected,)

    @property
    def errors(self) -> list[LessonError]:
        return self.collected


@dataclass
class ErrorLog:
    """Collects every error of a run so all of them are reported, not just the first."""

    errors: list[LessonError] = field(default_factory=list)

    def add(self, location: Location | None, message: str) -> None:
        self.errors.append(LessonError(location, message))

    def extend(self, exc: LessonError) -> None:
        """Add every error a raised LessonError (or Aborted) stands for."""
        self.errors.extend(exc.errors)

    def raise_if_any(self) -> None:
        """Abort with every distinct error, in file and line order."""
        if self.errors:
            unique = {(str(e.location), e.message): e for e in self.errors}
            raise Aborted(sorted(unique.values(), key=_sort_key))


def gather(results: Iterable[Callable[[], T]]) -> list[T]:
    """Every result (e.g. of futures: `future.result`), or one Aborted with the errors of all of them."""
    log, values = ErrorLog(), []
    for result in results:
        try:
            values.append(result())
        except LessonError as exc:
            log.extend(exc)
    log.raise_if_any()
    return values


def settled(function: Callable[..., T], *args) -> Callable[[], T]:
    """Call `function` now; what `gather` needs later: its result, or its LessonError raised again."""
    try:
        value = function(*args)
    except LessonError as exc:
        error = exc

        def reraise() -> T:
            raise error
        return reraise
    return lambda: value


def started(pool, here: bool, function: Callable[..., T], *args) -> Callable[[], T]:
    """What `gather` takes: `function(*args)` run here and now (settled), or in `pool` (its future's result)."""
    return settled(function, *args) if here or pool is None else pool.submit(function, *args).result


def _sort_key(error: LessonError) -> tuple:
    loc = error.location or Location("")
    return (loc.path, loc.line, error.message)
