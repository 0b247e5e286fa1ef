"""The players' web journal (issue 16): ``chronique serve``, a Starlette application over the
same journal, with pages rendered from the templates the exports use."""
