-- The conflict sync's marks (conflict_sync_marks): every change to data that conflict detection reads leaves a mark in
-- the change's own transaction, so no code path can forget one and a sync never misses a change that committed late.
-- Statement-level triggers with transition tables: a bulk insert leaves one set of marks, not one per row.
-- Detection reads: users (e-mail, affiliation, names) of the event's active members, event_memberships (who is a
-- person of an event), submissions (event, submitter), submission_authors (every author column it compares, and
-- co-authorship across all events), conflict_overrides (lifted pairs).

-- Every event where these users hold a membership (of any status: a removed member's stored rows must go).
CREATE FUNCTION conflict_sync_mark_users(p_users integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO conflict_sync_marks (event_id, user_id)
  SELECT DISTINCT m.event_id, m.user_id FROM event_memberships m WHERE m.user_id = ANY (p_users)
$$;--> statement-breakpoint

-- Submissions whose authors or submitter changed: the submissions themselves (against every person of their event),
-- and everyone who authored them (their co-authors changed): the users given (authors or submitters before the
-- change), accounts with the addresses given, the current authors (linked or by address) and the submitter.
CREATE FUNCTION conflict_sync_mark_authored(p_submissions integer[], p_users integer[], p_emails text[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO conflict_sync_marks (event_id, submission_id)
  SELECT s.event_id, s.id FROM submissions s WHERE s.id = ANY (p_submissions);
  SELECT conflict_sync_mark_users(ARRAY(
    SELECT unnest(p_users)
    UNION SELECT u.id FROM users u WHERE lower(u.email) IN (SELECT lower(e) FROM unnest(p_emails) AS e)
    UNION SELECT a.user_id FROM submission_authors a WHERE a.submission_id = ANY (p_submissions)
    UNION SELECT u.id FROM submission_authors a JOIN users u ON lower(u.email) = lower(a.email)
      WHERE a.submission_id = ANY (p_submissions)
    UNION SELECT s.submitted_by FROM submissions s WHERE s.id = ANY (p_submissions)
  ));
$$;--> statement-breakpoint

CREATE FUNCTION conflict_sync_authors_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM conflict_sync_mark_authored(ARRAY(SELECT DISTINCT submission_id FROM new_rows),
      ARRAY(SELECT DISTINCT user_id FROM new_rows), ARRAY(SELECT DISTINCT email FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM conflict_sync_mark_authored(ARRAY(SELECT DISTINCT submission_id FROM old_rows),
      ARRAY(SELECT DISTINCT user_id FROM old_rows), ARRAY(SELECT DISTINCT email FROM old_rows));
  ELSE
    PERFORM conflict_sync_mark_authored(
      ARRAY(SELECT n.submission_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.submission_id, n.user_id, n.email, n.affiliation, n.first_name, n.last_name)
          IS DISTINCT FROM (o.submission_id, o.user_id, o.email, o.affiliation, o.first_name, o.last_name)
        UNION SELECT o.submission_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.submission_id, n.user_id, n.email) IS DISTINCT FROM (o.submission_id, o.user_id, o.email)),
      ARRAY(SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.user_id, n.email) IS DISTINCT FROM (o.user_id, o.email)),
      ARRAY(SELECT o.email FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.user_id, n.email) IS DISTINCT FROM (o.user_id, o.email)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conflict_sync_authors_inserted AFTER INSERT ON submission_authors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_sync_authors_changed();--> statement-breakpoint
CREATE TRIGGER conflict_sync_authors_updated AFTER UPDATE ON submission_authors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION conflict_sync_authors_changed();--> statement-breakpoint
CREATE TRIGGER conflict_sync_authors_deleted AFTER DELETE ON submission_authors
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_sync_authors_changed();--> statement-breakpoint

CREATE FUNCTION conflict_sync_submissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM conflict_sync_mark_authored(ARRAY(SELECT id FROM new_rows), '{}', '{}');
  ELSIF TG_OP = 'DELETE' THEN
    -- The stored rows go with the submission (cascade); its submitter's co-authors changed.
    PERFORM conflict_sync_mark_users(ARRAY(SELECT DISTINCT submitted_by FROM old_rows));
  ELSE
    INSERT INTO conflict_sync_marks (event_id, submission_id)
    SELECT o.event_id, o.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.event_id <> o.event_id;
    PERFORM conflict_sync_mark_authored(
      ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.event_id, n.submitted_by) IS DISTINCT FROM (o.event_id, o.submitted_by)),
      ARRAY(SELECT o.submitted_by FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.submitted_by IS DISTINCT FROM o.submitted_by),
      '{}');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conflict_sync_submissions_inserted AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_sync_submissions_changed();--> statement-breakpoint
CREATE TRIGGER conflict_sync_submissions_updated AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION conflict_sync_submissions_changed();--> statement-breakpoint
CREATE TRIGGER conflict_sync_submissions_deleted AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_sync_submissions_changed();--> statement-breakpoint

-- A person's e-mail address, affiliation or names changed.
CREATE FUNCTION conflict_sync_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conflict_sync_mark_users(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.email, n.affiliation, n.first_name, n.last_name)
      IS DISTINCT FROM (o.email, o.affiliation, o.first_name, o.last_name)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conflict_sync_users_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION conflict_sync_users_changed();--> statement-breakpoint

-- Who is a person of an event: a membership added, removed, or its status, event or account changed.
CREATE FUNCTION conflict_sync_memberships_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conflict_sync_marks (event_id, user_id)
    SELECT DISTINCT event_id, user_id FROM new_rows WHERE user_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO conflict_sync_marks (event_id, user_id)
    SELECT DISTINCT event_id, user_id FROM old_rows WHERE user_id IS NOT NULL;
  ELSE
    INSERT INTO conflict_sync_marks (event_id, user_id)
    SELECT DISTINCT c.event_id, c.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.event_id, n.user_id), (o.event_id, o.user_id)) AS c(event_id, user_id)
    WHERE c.user_id IS NOT NULL
      AND (n.event_id, n.user_id, n.status) IS DISTINCT FROM (o.event_id, o.user_id, o.status);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conflict_sync_memberships_inserted AFTER INSERT ON event_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_sync_memberships_changed();--> statement-breakpoint
CREATE TRIGGER conflict_sync_memberships_updated AFTER UPDATE ON event_memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION conflict_sync_memberships_changed();--> statement-breakpoint
CREATE TRIGGER conflict_sync_memberships_deleted AFTER DELETE ON event_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_sync_memberships_changed();--> statement-breakpoint

-- A pair lifted, declared or withdrawn: its person is re-detected in the submission's event.
CREATE FUNCTION conflict_sync_overrides_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO conflict_sync_marks (event_id, user_id)
    SELECT DISTINCT s.event_id, r.user_id FROM new_rows r JOIN submissions s ON s.id = r.submission_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO conflict_sync_marks (event_id, user_id)
    SELECT DISTINCT s.event_id, r.user_id FROM old_rows r JOIN submissions s ON s.id = r.submission_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conflict_sync_overrides_inserted AFTER INSERT ON conflict_overrides
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_sync_overrides_changed();--> statement-breakpoint
CREATE TRIGGER conflict_sync_overrides_updated AFTER UPDATE ON conflict_overrides
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION conflict_sync_overrides_changed();--> statement-breakpoint
CREATE TRIGGER conflict_sync_overrides_deleted AFTER DELETE ON conflict_overrides
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_sync_overrides_changed();
