-- The changes to what an event's submissions list shows (event_list_changes): every write to data the list reads
-- leaves a row in the write's own transaction, so the cache of built lists (modules/submissions/list-cache.ts) can
-- never serve an answer older than a committed change. The list reads submissions (its columns shown, the submitter),
-- submission_authors (names, order, linked account), conflicts (the viewer's own, for manage_reviewers), tracks (name
-- and public id) and events (title, public id; blind mode and deadline reach the cache key through the viewer too).
-- Statement-level triggers with transition tables: a bulk write (the conflict sync's thousands of pairs) leaves one row
-- per event touched, not one per row; a statement that changed nothing shown leaves none. Inserts only: writers of
-- one event never wait for each other on a counter row.
CREATE TABLE "event_list_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"weight" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_list_changes_event_idx" ON "event_list_changes" USING btree ("event_id");--> statement-breakpoint

CREATE FUNCTION event_list_touch(p_events integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO event_list_changes (event_id)
  SELECT DISTINCT e FROM unnest(p_events) AS e WHERE e IS NOT NULL
$$;--> statement-breakpoint

CREATE FUNCTION event_list_submissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM event_list_touch(ARRAY(SELECT event_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM event_list_touch(ARRAY(SELECT event_id FROM old_rows));
  ELSE
    -- Both events of a moved row; only columns the list shows (an insights or discussion flag update leaves none).
    PERFORM event_list_touch(ARRAY(
      SELECT unnest(ARRAY[o.event_id, n.event_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.public_id, n.event_id, n.track_id, n.title, n.keywords, n.status, n.decision, n.submitted_by,
        n.created_at, n.updated_at)
        IS DISTINCT FROM (o.public_id, o.event_id, o.track_id, o.title, o.keywords, o.status, o.decision,
        o.submitted_by, o.created_at, o.updated_at)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER event_list_submissions_inserted AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_submissions_changed();--> statement-breakpoint
CREATE TRIGGER event_list_submissions_updated AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION event_list_submissions_changed();--> statement-breakpoint
CREATE TRIGGER event_list_submissions_deleted AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_submissions_changed();--> statement-breakpoint

-- Authors and conflicts name their submission: its event. A row deleted with its submission finds none (the
-- submission's own deletion left the change).
CREATE FUNCTION event_list_authors_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM event_list_touch(ARRAY(SELECT s.event_id FROM new_rows n JOIN submissions s ON s.id = n.submission_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM event_list_touch(ARRAY(SELECT s.event_id FROM old_rows o JOIN submissions s ON s.id = o.submission_id));
  ELSE
    PERFORM event_list_touch(ARRAY(
      SELECT s.event_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN submissions s ON s.id IN (n.submission_id, o.submission_id)
      WHERE (n.submission_id, n.position, n.first_name, n.last_name, n.user_id)
        IS DISTINCT FROM (o.submission_id, o.position, o.first_name, o.last_name, o.user_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER event_list_authors_inserted AFTER INSERT ON submission_authors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_authors_changed();--> statement-breakpoint
CREATE TRIGGER event_list_authors_updated AFTER UPDATE ON submission_authors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION event_list_authors_changed();--> statement-breakpoint
CREATE TRIGGER event_list_authors_deleted AFTER DELETE ON submission_authors
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_authors_changed();--> statement-breakpoint

CREATE FUNCTION event_list_conflicts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM event_list_touch(ARRAY(SELECT s.event_id FROM submissions s
      WHERE s.id IN (SELECT submission_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM event_list_touch(ARRAY(SELECT s.event_id FROM submissions s
      WHERE s.id IN (SELECT submission_id FROM old_rows)));
  ELSE
    PERFORM event_list_touch(ARRAY(
      SELECT s.event_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN submissions s ON s.id IN (n.submission_id, o.submission_id)
      WHERE (n.submission_id, n.user_id) IS DISTINCT FROM (o.submission_id, o.user_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER event_list_conflicts_inserted AFTER INSERT ON conflicts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_conflicts_changed();--> statement-breakpoint
CREATE TRIGGER event_list_conflicts_updated AFTER UPDATE ON conflicts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION event_list_conflicts_changed();--> statement-breakpoint
CREATE TRIGGER event_list_conflicts_deleted AFTER DELETE ON conflicts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_conflicts_changed();--> statement-breakpoint

-- A track renamed, or deleted (its papers' track_id set null leaves a change of its own too).
CREATE FUNCTION event_list_tracks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM event_list_touch(ARRAY(SELECT event_id FROM old_rows));
  ELSE
    PERFORM event_list_touch(ARRAY(
      SELECT unnest(ARRAY[o.event_id, n.event_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.public_id, n.name, n.event_id) IS DISTINCT FROM (o.public_id, o.name, o.event_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER event_list_tracks_updated AFTER UPDATE ON tracks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION event_list_tracks_changed();--> statement-breakpoint
CREATE TRIGGER event_list_tracks_deleted AFTER DELETE ON tracks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_tracks_changed();--> statement-breakpoint

-- Any change to an event (its title and public id are shown; its blind mode and deadline decide the viewer's facts,
-- which are in the cache key as well); a deleted event's rows go with it.
CREATE FUNCTION event_list_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM event_list_changes WHERE event_id IN (SELECT id FROM old_rows);
  ELSE
    PERFORM event_list_touch(ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER event_list_events_updated AFTER UPDATE ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_events_changed();--> statement-breakpoint
CREATE TRIGGER event_list_events_deleted AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_list_events_changed();
